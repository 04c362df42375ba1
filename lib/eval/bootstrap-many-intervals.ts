// A sweep's bootstrap intervals, all at once: the same figures as bootstrapInterval per point and measure, without
// its cost (resamples × pairs random draws for every one of a sweep's hundreds of intervals).
import { BOOTSTRAP_RESAMPLES, type Interval, intervalOfMeans, pairColumns } from "./bootstrap-interval";
import { type ResampleJob, resampleMeans } from "./resample-means";
import type { QueryMetrics } from "./types";

/** Resamples a job's groups (resampleMeans, here or in worker threads). */
export type Resampler = (job: ResampleJob) => Float64Array[] | Promise<Float64Array[]>;

type ManyIntervalsOptions = { columns: readonly ArrayLike<number>[]; seed?: number; resamples?: number; level?: number };

/**
 * bootstrapInterval of every column, equal to the last bit: the same seed draws the same numbers for every column, so
 * they are drawn once (resample r's draws of a column of n values are numbers r·n to r·n + n − 1 of the sequence), and
 * each column's resample sums add the same values in the same order. Identical columns (thresholds that keep the same
 * units) are resampled once.
 */
export function bootstrapManyIntervals(options: ManyIntervalsOptions): (Interval | null)[] {
  const { job, intervalsOf } = planIntervals(options);
  return intervalsOf(resampleMeans(job));
}

/** bootstrapManyIntervals with the resampling done by `resample` (the same figures, wherever it runs). */
export async function bootstrapManyIntervalsWith(options: ManyIntervalsOptions & { resample: Resampler }): Promise<(Interval | null)[]> {
  const { job, intervalsOf } = planIntervals(options);
  return intervalsOf(await options.resample(job));
}

/** The distinct columns to resample, and how their resample means become every column's interval. */
function planIntervals({ columns, seed = 1, resamples = BOOTSTRAP_RESAMPLES, level = 0.95 }: ManyIntervalsOptions) {
  const { distinctByLength, sameAs } = distinctColumns(columns);
  const groups = [...distinctByLength].map(([n, distinct]) => ({ n, distinct, columns: distinct.map((c) => columns[c]!) }));
  const intervalsOf = (means: readonly Float64Array[]): (Interval | null)[] => {
    const out: (Interval | null)[] = columns.map(() => null);
    groups.forEach(({ distinct }, g) =>
      distinct.forEach((c, j) => (out[c] = intervalOfMeans(means[g]!.subarray(j * resamples, (j + 1) * resamples), level))),
    );
    sameAs.forEach((first, c) => {
      if (first !== c) out[c] = out[first]!;
    });
    return out;
  };
  return { job: { groups: groups.map(({ n, columns }) => ({ n, columns })), seed, resamples }, intervalsOf };
}

/** Each column's first equal column, and the distinct non-empty ones grouped by length. */
function distinctColumns(columns: readonly ArrayLike<number>[]) {
  const sameAs = columns.map((_, c) => c);
  const distinctByLength = new Map<number, number[]>();
  const byHash = new Map<string, number[]>();
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  columns.forEach((values, c) => {
    if (values.length === 0) return;
    let h = 0x811c9dc5;
    for (let i = 0; i < values.length; i++) {
      bits[0] = values[i]!;
      h = Math.imul(h ^ words[0]!, 0x01000193);
      h = Math.imul(h ^ words[1]!, 0x01000193);
    }
    const key = `${values.length}:${h >>> 0}`;
    const candidates = byHash.get(key) ?? [];
    const equal = candidates.find((d) => sameValues(columns[d]!, values));
    if (equal !== undefined) {
      sameAs[c] = equal;
      return;
    }
    candidates.push(c);
    byHash.set(key, candidates);
    const group = distinctByLength.get(values.length) ?? [];
    group.push(c);
    distinctByLength.set(values.length, group);
  });
  return { distinctByLength, sameAs };
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

type ManyPointOptions = { points: ReadonlyMap<string, readonly QueryMetrics[]>; measures: readonly string[]; seed?: number };

/** pointIntervals of many points (key → its pairs' metrics), from one bootstrapManyIntervals. */
export function manyPointIntervals({ points, measures, seed = 1 }: ManyPointOptions): Record<string, Record<string, Interval>> {
  const { columns, recordsOf } = pointCells(points, measures);
  return recordsOf(bootstrapManyIntervals({ columns, seed }));
}

/** manyPointIntervals with the resampling done by `resample` (a sweep: in worker threads, while it measures on). */
export async function manyPointIntervalsWith({
  points,
  measures,
  seed = 1,
  resample,
}: ManyPointOptions & { resample: Resampler }): Promise<Record<string, Record<string, Interval>>> {
  const { columns, recordsOf } = pointCells(points, measures);
  return recordsOf(await bootstrapManyIntervalsWith({ columns, seed, resample }));
}

/** Every point's column of every measure, and how their intervals become the points' records. */
function pointCells(points: ReadonlyMap<string, readonly QueryMetrics[]>, measures: readonly string[]) {
  const cells: { key: string; measure: string; values: Float64Array }[] = [];
  for (const [key, metrics] of points) {
    const columns = pairColumns(metrics, measures);
    measures.forEach((measure, i) => cells.push({ key, measure, values: columns[i]! }));
  }
  const recordsOf = (intervals: readonly (Interval | null)[]): Record<string, Record<string, Interval>> => {
    const out: Record<string, Record<string, Interval>> = {};
    for (const key of points.keys()) out[key] = {};
    cells.forEach(({ key, measure }, i) => {
      const iv = intervals[i];
      if (iv) out[key]![measure] = iv;
    });
    return out;
  };
  return { columns: cells.map((c) => c.values), recordsOf };
}
