// The bootstrap's inner loop, on its own: the app also runs it in worker threads from its source text
// (lib/server/research/resample-in-workers.ts), so the function must stay self-contained — no imports, no calls to
// anything outside it, no nested functions (a transpiler may wrap those with helpers the worker does not have).

/** Columns of one length, resampled with the same draws. */
export type ResampleGroup = { n: number; columns: readonly ArrayLike<number>[] };
export type ResampleJob = { groups: readonly ResampleGroup[]; seed: number; resamples: number };

/**
 * Per group, its columns' resample means, column after column (resamples each): the draws of bootstrapInterval
 * (resample after resample, n each, in order, from createRng(seed): the same generator, written out here), each
 * column's sum taken in draw order as there. The random numbers are drawn a chunk at a time and shared by every group;
 * a group's running sums carry over from one chunk to the next. Columns are summed eight side by side, so one draw's
 * index serves a cache line of doubles.
 */
export function resampleMeans({ groups, seed, resamples }: ResampleJob): Float64Array[] {
  const WIDTH = 8;
  // Random numbers drawn at once (a few MB), whatever the number of pairs.
  const INDICES_PER_CHUNK = 1 << 20;
  const state = [];
  let longest = 0;
  for (const { n, columns } of groups) {
    const blocks = Math.ceil(columns.length / WIDTH);
    // Block after block, pair after pair, WIDTH columns side by side (padded with zeros).
    const matrix = new Float64Array(blocks * n * WIDTH);
    for (let c = 0; c < columns.length; c++) {
      const values = columns[c]!;
      const base = Math.floor(c / WIDTH) * n * WIDTH + (c % WIDTH);
      for (let i = 0; i < n; i++) matrix[base + i * WIDTH] = values[i]!;
    }
    state.push({
      n,
      width: columns.length,
      blocks,
      matrix,
      sums: new Float64Array(blocks * WIDTH),
      means: new Float64Array(columns.length * resamples),
    });
    if (n > longest) longest = n;
  }
  const total = resamples * longest;
  const draws = new Float64Array(Math.min(INDICES_PER_CHUNK, total));
  const offsets = new Int32Array(draws.length);
  // createRng(seed) (lib/data/synthesize-page.ts), inline.
  let a = seed >>> 0;
  for (let from = 0; from < total; from += draws.length) {
    const length = Math.min(draws.length, total - from);
    for (let q = 0; q < length; q++) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      draws[q] = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
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
  const out: Float64Array[] = [];
  for (const g of state) out.push(g.means);
  return out;
}
