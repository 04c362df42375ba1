import type { Scorer, UnitScores } from "../types";
import { tokenizeTerms } from "./tokenize-terms";

export interface Bm25Options {
  k1?: number;
  b?: number;
  /**
   * "max" (default): divided by the best unit's score. "minmax": (s - min) / (max - min), as the older
   * query-match-bm25 models were trained with (their relevance bins must not change).
   */
  normalize?: "max" | "minmax";
}

/** BM25's term-frequency saturation and length normalisation (the usual defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** How often each query term (index in `qIndex`) occurs in a document's terms. */
export function queryTermFrequencies(terms: readonly string[], qIndex: ReadonlyMap<string, number>): Float64Array {
  const tf = new Float64Array(qIndex.size);
  for (const t of terms) {
    const i = qIndex.get(t);
    if (i !== undefined) tf[i]!++;
  }
  return tf;
}

/** Adds a document's query terms to the document frequencies. */
export function countDocumentFrequencies(df: Float64Array, tf: Float64Array): void {
  for (let i = 0; i < tf.length; i++) if (tf[i]! > 0) df[i]!++;
}

/** IDF of each query term over `n` documents (never negative). */
export function bm25Idf(df: Float64Array, n: number): number[] {
  return Array.from(df, (d) => Math.log(1 + (n - d + 0.5) / (d + 0.5)));
}

/**
 * BM25 of one document: its query-term frequencies and length against the collection's average length, each term
 * weighted by `weights` (its IDF). The ONE formula: the baseline scorer, the focus terms and the model's BM25
 * features (lib/features/compute-token-features.ts) all compute it here.
 */
export function bm25Score(tf: Float64Array, len: number, avgLen: number, weights: readonly number[], k1 = BM25_K1, b = BM25_B): number {
  const norm = k1 * (1 - b + (b * len) / (avgLen || 1));
  let s = 0;
  for (let i = 0; i < tf.length; i++) {
    const f = tf[i]!;
    if (f > 0) s += (weights[i]! * f * (k1 + 1)) / (f + norm);
  }
  return s;
}

export interface Bm25Document {
  text: string;
  units: ReadonlyArray<{ start: number; end: number }>;
}

/**
 * BM25 of each unit of `docs` against the query; every unit of every doc is a "document" for IDF
 * and average length. Scores divided by the best unit's, to [0, 1] (0 for units matching no query term).
 * Synchronous and pure: the baseline scorer and the older models' relevance feature share it.
 */
export function computeBm25Scores(query: string, docs: readonly Bm25Document[], opts: Bm25Options = {}): number[][] {
  const k1 = opts.k1 ?? BM25_K1;
  const b = opts.b ?? BM25_B;
  const queryTerms = [...new Set(tokenizeTerms(query))];
  const qIndex = new Map(queryTerms.map((t, i) => [t, i]));
  // Per unit: its length and the frequencies of the query terms only.
  const lengths: number[] = [];
  const freqs: Float64Array[] = [];
  const df = new Float64Array(queryTerms.length);
  for (const d of docs) {
    for (const u of d.units) {
      const terms = tokenizeTerms(d.text.slice(u.start, u.end));
      const tf = queryTermFrequencies(terms, qIndex);
      countDocumentFrequencies(df, tf);
      lengths.push(terms.length);
      freqs.push(tf);
    }
  }
  const n = lengths.length;
  const avgLen = n > 0 ? lengths.reduce((a, c) => a + c, 0) / n : 0;
  const idf = bm25Idf(df, n);
  const raw = freqs.map((tf, j) => bm25Score(tf, lengths[j]!, avgLen, idf, k1, b));
  // Divided by the best unit's score (not min-max): a unit that matches any query term stays above 0, so the
  // selection floor only ever excludes units that match nothing.
  let max = 0;
  let min = Infinity;
  for (const s of raw) {
    if (s > max) max = s;
    if (s < min) min = s;
  }
  const minmax = opts.normalize === "minmax";
  let j = 0;
  return docs.map((d) =>
    d.units.map(() => {
      const s = raw[j++]!;
      if (minmax) return max - min > 0 ? (s - min) / (max - min) : 0;
      return max > 0 ? s / max : 0;
    }),
  );
}

/** BM25 sentence ranking as a compression baseline (IDF over the whole result set). */
export function createBm25Scorer(opts: Bm25Options = {}): Scorer {
  return {
    name: "bm25",
    async scoreUnits({ query, results }): Promise<UnitScores> {
      return {
        unitScores: computeBm25Scores(
          query,
          results.map((r) => ({ text: r.doc.text, units: r.units })),
          opts,
        ),
      };
    },
  };
}
