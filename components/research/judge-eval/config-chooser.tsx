import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { JudgeEvalReport } from "@/lib/schemas/judge";
import { ConfigLabel } from "./config-label";

/**
 * The judge configurations with judgments on the dataset's gold pairs, as checkboxes of a GET form: the page is
 * rendered on the server from `?dataset&configs`, so the choice is a link to share. None ticked compares them all.
 */
export function ConfigChooser({
  datasetId,
  available,
  selected,
}: {
  datasetId: string;
  available: JudgeEvalReport["available"];
  selected: readonly string[];
}) {
  const chosen = new Set(selected);
  return (
    <Card as="form" padding="sm" method="get" action="/research/judge" className="space-y-2" data-testid="judge-eval-configs">
      <input type="hidden" name="datasetId" value={datasetId} />
      <fieldset className="space-y-1">
        <legend className="text-xs font-medium text-slate-700">Judge configurations to compare (model · prompt version · variant)</legend>
        {available.map((a, i) => (
          <label key={a.key} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="configs" value={a.key} defaultChecked={chosen.has(a.key)} data-testid={`judge-eval-config-option-${i}`} />
            <ConfigLabel config={a} pairs={a.pairs} />
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" data-testid="judge-eval-configs-apply">
          Compare
        </Button>
        <span className="text-xs text-slate-500">Pairs: gold pairs the configuration judged; none ticked compares every configuration.</span>
      </div>
    </Card>
  );
}
