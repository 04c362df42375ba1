import { Badge } from "@/components/ui/badge";
import type { JudgeConfigKey } from "@/lib/schemas/judge";

/** A score in [0, 1] with three decimals; "—" when undefined (nothing labelled on either side). */
export const formatScore = (x: number | null) => (x === null ? "—" : x.toFixed(3));

/** A share in [0, 1] as a percentage; "—" when there was nothing to share. */
export const formatPercent = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)} %`);

/** A judge configuration as the research tables name it: model, prompt version and variant. */
export function ConfigLabel({ config, pairs }: { config: JudgeConfigKey; pairs?: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1 normal-case tracking-normal">
      <span className="font-semibold text-slate-800">{config.model}</span>
      <Badge tone="slate" title="Prompt version">
        {config.promptVersion}
      </Badge>
      <Badge tone={config.variant === "two-stage" ? "indigo" : "blue"} title="Variant">
        {config.variant}
      </Badge>
      {pairs !== undefined && (
        <span className="text-xs font-normal text-slate-500">
          {pairs.toLocaleString("en")} pair{pairs === 1 ? "" : "s"}
        </span>
      )}
    </span>
  );
}
