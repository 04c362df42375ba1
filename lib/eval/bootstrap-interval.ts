// Uncertainty of a mean over pairs: a seeded percentile bootstrap (resample the pairs with replacement, take the
// mean each time, read the interval off the sorted means). Seeded, so the same sweep always draws the same interval.
import { createRng } from "../data/synthesize-page";
import type { QueryMetrics } from "./types";

export type Interval = { lo: number; hi: number };

/** Resamples when none are given: enough for a stable 95 % interval at the page's two decimals. */
export const BOOTSTRAP_RESAMPLES = 1000;
/** Below this many pairs the page warns that differences between methods are hard to tell from noise. */
export const MIN_PAIRS_TO_COMPARE = 30;

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The percentile bootstrap interval of the mean of `values` (null without values). */
export function bootstrapInterval({
  values,
  seed = 1,
  resamples = BOOTSTRAP_RESAMPLES,
  level = 0.95,
}: {
  values: readonly number[];
  seed?: number;
  resamples?: number;
  level?: number;
}): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  const rng = createRng(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(rng() * n)]!;
    means[r] = sum / n;
  }
  return intervalOfMeans(means, level);
}

/** The percentile interval read off a bootstrap's resample means (sorted here, in place). */
export function intervalOfMeans(means: Float64Array, level: number): Interval {
  const resamples = means.length;
  means.sort();
  const tail = (1 - level) / 2;
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))]!;
  return { lo: round(at(tail)), hi: round(at(1 - tail - 1 / resamples)) };
}

/**
 * Per-pair values of a frontier measure, as summarizeQueryMetrics averages them: evidence measures over the pairs
 * with evidence, answer kept over those with answers, a category's kept share per pair that has the category.
 */
export function pairValues(metrics: readonly QueryMetrics[], measure: string): number[] {
  return Array.from(pairColumns(metrics, [measure])[0]!);
}

/** pairValues of several measures, each in one pass over the metrics (a sweep asks for hundreds of thousands). */
export function pairColumns(metrics: readonly QueryMetrics[], measures: readonly string[]): Float64Array[] {
  return measures.map((measure) => {
    const out = new Float64Array(metrics.length);
    let n = 0;
    if (measure.startsWith("category:")) {
      const category = measure.slice("category:".length);
      for (const m of metrics) {
        const c = m.categories?.[category];
        if (c && c[0] > 0) out[n++] = c[1] / c[0];
      }
    } else if (measure === "answerKept") {
      for (const m of metrics) if (m.answerKept !== null) out[n++] = m.answerKept ? 1 : 0;
    } else if (measure === "tokensPerQuery") {
      for (const m of metrics) out[n++] = m.tokensOut;
    } else if (measure === "evidenceRecall") {
      for (const m of metrics) if (m.evidenceTotal > 0) out[n++] = m.evidenceKept / m.evidenceTotal;
    } else if (measure === "allEvidenceKept") {
      for (const m of metrics) if (m.evidenceTotal > 0) out[n++] = m.evidenceKept === m.evidenceTotal ? 1 : 0;
    } else if (measure === "evidenceCharRecall") {
      for (const m of metrics) if (m.evidenceTotal > 0) out[n++] = m.evidenceChars > 0 ? m.evidenceCharsKept / m.evidenceChars : 0;
    }
    return out.subarray(0, n);
  });
}

/** Measure → interval of one point (one method at one setting) from its pairs' metrics. */
export function pointIntervals({
  metrics,
  measures,
  seed = 1,
}: {
  metrics: readonly QueryMetrics[];
  measures: readonly string[];
  seed?: number;
}): Record<string, Interval> {
  const out: Record<string, Interval> = {};
  for (const measure of measures) {
    const iv = bootstrapInterval({ values: pairValues(metrics, measure), seed });
    if (iv) out[measure] = iv;
  }
  return out;
}

/** Whether two intervals share any value: the sample cannot tell those two points apart. */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.lo <= b.hi && b.lo <= a.hi;
}

/** The key of a point's intervals in a sweep's result: method, setting kind and value. */
export function intervalKey(method: string, setting: { kind: string; value: number }): string {
  return `${method}|${setting.kind}|${setting.value}`;
}

/** The pairs of points (by label) whose intervals overlap: the ones the sample cannot tell apart. */
export function overlappingPairs(points: readonly { label: string; interval: Interval }[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      if (intervalsOverlap(points[i]!.interval, points[j]!.interval)) out.push([points[i]!.label, points[j]!.label]);
    }
  }
  return out;
}
