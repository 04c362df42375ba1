import { cosine } from "./cosine";
import { embeddingTerms } from "./embedding-terms";
import { rowCosine, type WordVectors } from "./word-vectors";

export type EmbeddingMode = "soft-match" | "mean";

export interface EmbeddingUnitScoresOptions {
  query: string;
  docs: ReadonlyArray<{ text: string; units: ReadonlyArray<{ start: number; end: number }> }>;
  vectors: WordVectors;
  /**
   * "soft-match" (default): each query word counts by its best match in the unit (1 for the same word, else the
   * rescaled cosine of their vectors), weighted by its rarity. "mean": the cosine of the rarity-weighted mean
   * vectors of query and unit (the similarity filter of embedding pipelines).
   */
  mode?: EmbeddingMode;
  /** soft-match: cosines at or below this count 0, above it rescale to (0, 1] (unrelated words sit near 0.2). */
  floor?: number;
}

export const DEFAULT_EMBEDDING_FLOOR = 0.55;

const CJK_ONE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * Query–unit similarity from subword word vectors, per unit of every doc, divided by the best unit's (0 when no
 * unit is similar at all), so the selection floor and thresholds read it like BM25's scores. Pure and synchronous.
 */
export function computeEmbeddingUnitScores(opts: EmbeddingUnitScoresOptions): number[][] {
  const { vectors: v, docs } = opts;
  const mode = opts.mode ?? "soft-match";
  const floor = opts.floor ?? DEFAULT_EMBEDDING_FLOOR;
  const qWords = [...new Set(embeddingTerms(opts.query))];
  const qRows = qWords.map((w) => v.index.get(w));
  const qWeights = qRows.map((r) => (r === undefined ? v.unknownWeight : v.weights[r]!));
  const raw: number[][] = [];
  if (mode === "mean") {
    const qMean = meanVector(v, qRows, qWeights);
    for (const d of docs) {
      raw.push(
        d.units.map((u) => {
          const words = embeddingTerms(d.text.slice(u.start, u.end));
          const rows = words.map((w) => v.index.get(w));
          return Math.max(
            0,
            cosine(
              qMean,
              meanVector(
                v,
                rows,
                rows.map((r) => (r === undefined ? 0 : v.weights[r]!)),
              ),
            ),
          );
        }),
      );
    }
  } else {
    const total = qWeights.reduce((a, c) => a + c, 0);
    // A CJK character is no word: its vector mixes the words it occurs in (桥 ~ 隧 0.79), so it only matches itself.
    const cjkWord = qWords.map((w) => CJK_ONE.test(w));
    // One similarity per (query word, distinct word of the set): words repeat across units.
    const sims = qWords.map(() => new Map<string, number>());
    const sim = (qi: number, word: string): number => {
      if (word === qWords[qi]) return 1;
      const known = sims[qi]!.get(word);
      if (known !== undefined) return known;
      const qr = cjkWord[qi] ? undefined : qRows[qi];
      const wr = v.index.get(word);
      const c = qr === undefined || wr === undefined ? 0 : rowCosine(v, qr, wr);
      const s = c > floor ? (c - floor) / (1 - floor) : 0;
      sims[qi]!.set(word, s);
      return s;
    };
    for (const d of docs) {
      raw.push(
        d.units.map((u) => {
          if (total === 0) return 0;
          const words = new Set(embeddingTerms(d.text.slice(u.start, u.end)));
          let s = 0;
          for (let qi = 0; qi < qWords.length; qi++) {
            let best = 0;
            for (const w of words) {
              const x = sim(qi, w);
              if (x > best) best = x;
              if (best === 1) break;
            }
            s += qWeights[qi]! * best;
          }
          return s / total;
        }),
      );
    }
  }
  let max = 0;
  for (const row of raw) for (const s of row) if (s > max) max = s;
  return raw.map((row) => row.map((s) => (max > 0 ? s / max : 0)));
}

function meanVector(v: WordVectors, rows: ReadonlyArray<number | undefined>, weights: readonly number[]): Float64Array {
  const out = new Float64Array(v.dim);
  rows.forEach((r, i) => {
    if (r === undefined) return;
    const w = weights[i]!;
    for (let k = 0; k < v.dim; k++) out[k] = out[k]! + w * v.vectors[r * v.dim + k]!;
  });
  return out;
}
