import { computeBm25Scores } from "../engine/scorers/bm25";

/**
 * Per context token: the lexical relevance bin of the sentence it sits in — BM25 of the sentence against the query
 * within its own page, min-max normalised, quantized into three bins (0 = no query term, 1 = below 0.6, 2 = from
 * 0.6). A small encoder trained from scratch gets sentence-level evidence of query overlap for free and spends its
 * capacity on what lexical overlap misses.
 */
export function tokenRelevanceBins(opts: {
  query: string;
  text: string;
  units: ReadonlyArray<{ start: number; end: number }>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** Normalised BM25 of each unit when computed elsewhere (e.g. across a whole result set). */
  unitScores?: readonly number[];
}): Uint8Array {
  const scores = opts.unitScores ?? computeBm25Scores(opts.query, [{ text: opts.text, units: opts.units }], { normalize: "minmax" })[0] ?? [];
  const unitBins = scores.map((s) => (s <= 0 ? 0 : s < 0.6 ? 1 : 2));
  const out = new Uint8Array(opts.starts.length);
  let u = 0;
  for (let t = 0; t < out.length; t++) {
    const s = opts.starts[t]!;
    while (u < opts.units.length && opts.units[u]!.end <= s) u++;
    const unit = opts.units[u];
    if (unit && unit.start < opts.ends[t]!) out[t] = unitBins[u]!;
  }
  return out;
}
