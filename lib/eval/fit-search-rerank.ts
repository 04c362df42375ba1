import type { SearchRerank } from "../schemas/selection-profile";
import { SEARCH_RERANK_FEATURES } from "../engine/search-rerank";

/** "When did X happen?" → "when did x happen?": a question typed in lowercase, as into a search box. */
export function typedAsSearchQuery(query: string): string {
  return query.toLowerCase();
}

/** One result's units: feature rows (searchRerankFeatures) and which units hold evidence (1) or not (0). */
export interface RerankList {
  x: number[][];
  y: number[];
}

export interface FitSearchRerankOptions {
  lists: readonly RerankList[];
  /** The weight the fitted reranker is mixed in at (chosen on validation, not here). */
  weight: number;
  /** Full-batch Adam iterations (default 300). */
  iterations?: number;
  /** L2 on the coefficients (default 1e-3). */
  l2?: number;
}

/**
 * A listwise reranker: a softmax over each result's units, maximising the probability mass on its evidence units
 * (lists with evidence and non-evidence only), linear in standardised features, fitted by full-batch Adam from zero.
 * Deterministic: the same lists give the same coefficients.
 */
export function fitSearchRerank({ lists, weight, iterations = 300, l2 = 1e-3 }: FitSearchRerankOptions): SearchRerank {
  const usable = lists.filter((l) => l.y.includes(1) && l.y.includes(0) && l.x.every((f) => f.every(Number.isFinite)));
  if (usable.length === 0) throw new Error("fitSearchRerank: no list holds both evidence and other units");
  const rows = usable.flatMap((l) => l.x);
  const d = rows[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((a, x) => a + x[j]!, 0) / rows.length);
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((a, x) => a + (x[j]! - mean[j]!) ** 2, 0) / rows.length) || 1);
  const Z = usable.map((l) => ({ x: l.x.map((f) => f.map((v, j) => (v - mean[j]!) / sd[j]!)), y: l.y }));
  const w = new Array<number>(d).fill(0);
  const m = new Array<number>(d).fill(0);
  const v = new Array<number>(d).fill(0);
  for (let it = 1; it <= iterations; it++) {
    const g = new Array<number>(d).fill(0);
    for (const { x, y } of Z) {
      const logits = x.map((f) => f.reduce((a, fj, j) => a + fj * w[j]!, 0));
      const mx = Math.max(...logits);
      const e = logits.map((t) => Math.exp(t - mx));
      const all = e.reduce((a, c) => a + c, 0);
      const pos = e.reduce((a, c, k) => a + c * y[k]!, 0);
      x.forEach((f, k) => {
        const gk = e[k]! / all - (y[k] ? e[k]! / pos : 0);
        for (let j = 0; j < d; j++) g[j]! += (gk * f[j]!) / Z.length;
      });
    }
    for (let j = 0; j < d; j++) {
      const gj = g[j]! + l2 * w[j]!;
      m[j] = 0.9 * m[j]! + 0.1 * gj;
      v[j] = 0.999 * v[j]! + 0.001 * gj * gj;
      w[j]! -= (0.05 * (m[j]! / (1 - 0.9 ** it))) / (Math.sqrt(v[j]! / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { features: SEARCH_RERANK_FEATURES, weight, mean: mean.map(round), sd: sd.map(round), coefficients: w.map(round), lists: usable.length };
}
