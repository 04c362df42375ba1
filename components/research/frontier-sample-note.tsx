import { intervalKey, MIN_PAIRS_TO_COMPARE, overlappingPairs } from "@/lib/eval/bootstrap-interval";
import type { FrontierMeasure, FrontierSeries } from "@/lib/eval/frontier";
import type { FrontierResult } from "@/lib/schemas/research";

/**
 * What the sample can tell: at the medium preset, the methods whose 95 % bootstrap intervals over pairs overlap (the
 * sample cannot tell them apart on this measure), and a warning below MIN_PAIRS_TO_COMPARE gold pairs.
 */
export function FrontierSampleNote({
  result,
  series,
  measure,
  intervalsDrawn = "drawn",
  labelOf,
}: {
  result: Pick<FrontierResult, "pairs" | "intervals" | "presets">;
  series: readonly FrontierSeries[];
  measure: FrontierMeasure;
  /** Whether the chart draws the intervals now: the reader may hide them, and some measures have none. */
  intervalsDrawn?: "drawn" | "hidden" | "none";
  labelOf: (method: string) => string;
}) {
  if (!result.intervals) {
    return (
      <p className="text-xs text-slate-600" data-testid="frontier-sample-note">
        This sweep was run before points had intervals: run it again to see each point&apos;s 95 % interval over pairs.
      </p>
    );
  }
  const intervals = result.intervals;
  const medium = result.presets.medium;
  const atMedium = series.flatMap((s) => {
    const setting = { kind: "budget", value: medium } as const;
    const interval = s.points.some((p) => p.setting.kind === "budget" && p.setting.value === medium)
      ? intervals[intervalKey(s.method, setting)]?.[measure]
      : undefined;
    return interval ? [{ label: labelOf(s.method), interval }] : [];
  });
  const ties = overlappingPairs(atMedium);
  const halfWidth = atMedium.length ? atMedium.reduce((a, p) => a + (p.interval.hi - p.interval.lo) / 2, 0) / atMedium.length : null;
  const small = result.pairs < MIN_PAIRS_TO_COMPARE;
  return (
    <div
      className={`rounded-md px-3 py-2 text-xs ${small || ties.length > 0 ? "bg-amber-50 text-amber-950" : "bg-slate-50 text-slate-700"}`}
      data-testid="frontier-sample-note"
      data-small={small || undefined}
    >
      {small && (
        <p>
          Only {result.pairs} gold pair{result.pairs === 1 ? "" : "s"} (fewer than {MIN_PAIRS_TO_COMPARE}): the sample is too small to tell most
          methods apart
          {halfWidth !== null ? `; a point is uncertain by about ±${Math.round(halfWidth * 100)} points` : ""}. Gold more pairs before reading small
          differences.
        </p>
      )}
      {atMedium.length > 1 &&
        (ties.length > 0 ? (
          <p>
            At the medium preset ({medium.toLocaleString("en")} tokens) the sample cannot tell apart{" "}
            {ties.map(([a, b]) => `${a} and ${b}`).join("; ")}: their 95 % intervals overlap.
          </p>
        ) : (
          <p>At the medium preset ({medium.toLocaleString("en")} tokens) every method&apos;s 95 % interval is clear of the others&apos;.</p>
        ))}
      <p className="text-slate-500">
        {intervalsDrawn === "drawn"
          ? "Bars: 95 % bootstrap intervals over pairs (1,000 resamples, seeded)."
          : intervalsDrawn === "hidden"
            ? "The 95 % bootstrap intervals over pairs (1,000 resamples, seeded) are hidden: tick “95 % intervals” to draw them."
            : "The sweep has no intervals for this measure."}
      </p>
    </div>
  );
}
