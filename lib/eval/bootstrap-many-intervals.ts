// A sweep's bootstrap intervals, all at once: the same figures as bootstrapInterval per point and measure, without
// its cost (resamples × pairs random draws for every one of a sweep's hundreds of intervals).
import { createRng } from "../data/synthesize-page";
import { BOOTSTRAP_RESAMPLES, type Interval, intervalOfMeans, pairColumns } from "./bootstrap-interval";
import type { QueryMetrics } from "./types";

/** Columns summed side by side: one draw's index serves this many (a cache line of doubles). */
const WIDTH = 8;
/** Random numbers drawn at once (a few MB), whatever the number of pairs. */
const INDICES_PER_CHUNK = 1 << 20;

/**
 * bootstrapInterval of every column, equal to the last bit: the same seed draws the same numbers for every column, so
 * they are drawn once (resample r's draws of a column of n values are numbers r·n to r·n + n − 1 of the sequence), and
 * each column's resample sums add the same values in the same order. Identical columns (thresholds that keep the same
 * units) are resampled once.
 */
export function bootstrapManyIntervals({
  columns,
  seed = 1,
  resamples = BOOTSTRAP_RESAMPLES,
  level = 0.95,
}: {
  columns: readonly ArrayLike<number>[];
  seed?: number;
  resamples?: number;
  level?: number;
}): (Interval | null)[] {
  const out: (Interval | null)[] = columns.map(() => null);
  const { distinctByLength, sameAs } = distinctColumns(columns);
  const groups = [...distinctByLength].map(([n, distinct]) => ({ n, distinct, columns: distinct.map((c) => columns[c]!) }));
  const means = resampleMeans({ groups, seed, resamples });
  groups.forEach(({ distinct }, g) =>
    distinct.forEach((c, j) => (out[c] = intervalOfMeans(means[g]!.subarray(j * resamples, (j + 1) * resamples), level))),
  );
  sameAs.forEach((first, c) => {
    if (first !== c) out[c] = out[first]!;
  });
  return out;
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

type Group = { n: number; columns: readonly ArrayLike<number>[] };

/**
 * Per group, its columns' resample means, column after column (resamples each): the draws of bootstrapInterval
 * (resample after resample, n each, in order), each column's sum taken in draw order as there. The random numbers are
 * drawn a chunk at a time and shared by every group; a group's running sums carry over from one chunk to the next.
 */
function resampleMeans({ groups, seed, resamples }: { groups: readonly Group[]; seed: number; resamples: number }): Float64Array[] {
  const state = groups.map(({ n, columns }) => {
    const blocks = Math.ceil(columns.length / WIDTH);
    // Block after block, pair after pair, WIDTH columns side by side (padded with zeros).
    const matrix = new Float64Array(blocks * n * WIDTH);
    columns.forEach((values, c) => {
      const base = Math.floor(c / WIDTH) * n * WIDTH + (c % WIDTH);
      for (let i = 0; i < n; i++) matrix[base + i * WIDTH] = values[i]!;
    });
    return { n, width: columns.length, blocks, matrix, sums: new Float64Array(blocks * WIDTH), means: new Float64Array(columns.length * resamples) };
  });
  const total = resamples * Math.max(0, ...groups.map((g) => g.n));
  const draws = new Float64Array(Math.min(INDICES_PER_CHUNK, total));
  const offsets = new Int32Array(draws.length);
  const rng = createRng(seed);
  for (let from = 0; from < total; from += draws.length) {
    const length = Math.min(draws.length, total - from);
    for (let q = 0; q < length; q++) draws[q] = rng();
    for (const g of state) {
      const { n, matrix, sums, means } = g;
      const upto = Math.min(length, resamples * n - from);
      if (upto <= 0) continue;
      for (let q = 0; q < upto; q++) offsets[q] = Math.floor(draws[q]! * n) * WIDTH;
      for (let b = 0; b < g.blocks; b++) {
        const block = matrix.subarray(b * n * WIDTH, (b + 1) * n * WIDTH);
        const width = Math.min(WIDTH, g.width - b * WIDTH);
        const o = b * WIDTH;
        let s0 = sums[o]!, s1 = sums[o + 1]!, s2 = sums[o + 2]!, s3 = sums[o + 3]!; // prettier-ignore
        let s4 = sums[o + 4]!, s5 = sums[o + 5]!, s6 = sums[o + 6]!, s7 = sums[o + 7]!; // prettier-ignore
        for (let q = 0; q < upto;) {
          // Up to the end of the current resample (or of the chunk).
          const r = Math.floor((from + q) / n);
          const end = Math.min(upto, (r + 1) * n - from);
          for (; q < end; q++) {
            const p = offsets[q]!;
            s0 += block[p]!;
            s1 += block[p + 1]!;
            s2 += block[p + 2]!;
            s3 += block[p + 3]!;
            s4 += block[p + 4]!;
            s5 += block[p + 5]!;
            s6 += block[p + 6]!;
            s7 += block[p + 7]!;
          }
          if (from + q === (r + 1) * n) {
            const done = [s0, s1, s2, s3, s4, s5, s6, s7];
            for (let j = 0; j < width; j++) means[(b * WIDTH + j) * resamples + r] = done[j]! / n;
            s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = 0;
          }
        }
        sums.set([s0, s1, s2, s3, s4, s5, s6, s7], o);
      }
    }
  }
  return state.map((g) => g.means);
}

/** pointIntervals of many points (key → its pairs' metrics), from one bootstrapManyIntervals. */
export function manyPointIntervals({
  points,
  measures,
  seed = 1,
}: {
  points: ReadonlyMap<string, readonly QueryMetrics[]>;
  measures: readonly string[];
  seed?: number;
}): Record<string, Record<string, Interval>> {
  const cells: { key: string; measure: string; values: Float64Array }[] = [];
  for (const [key, metrics] of points) {
    const columns = pairColumns(metrics, measures);
    measures.forEach((measure, i) => cells.push({ key, measure, values: columns[i]! }));
  }
  const intervals = bootstrapManyIntervals({ columns: cells.map((c) => c.values), seed });
  const out: Record<string, Record<string, Interval>> = {};
  for (const key of points.keys()) out[key] = {};
  cells.forEach(({ key, measure }, i) => {
    const iv = intervals[i];
    if (iv) out[key]![measure] = iv;
  });
  return out;
}
