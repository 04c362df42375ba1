// Client-safe and pure: the server, the browser's re-aggregation and evaluation rerank alike (scoreResultUnits).
import type { SearchRerank } from "./profile";
import { answerTypeMatches, expectedAnswerType } from "./answer-type";
import { blendSimilarity, blendsSimilarity } from "./blend-similarity";
import { computeBm25Scores } from "./scorers/bm25";
import { tokenizeTerms } from "./scorers/tokenize-terms";

/**
 * The feature set's name: a fitted reranker stores it, and one fitted for another feature set is not applied (its
 * coefficients would weigh the wrong columns). Changes with `searchRerankFeatures`.
 */
export const SEARCH_RERANK_FEATURES = "search-rerank-v1";

/**
 * A query typed as search engines' users type it — in lowercase ("when did the british came to new zealand", "how
 * are glacier caves formed?") — rather than written as a sentence ("When did the British come to New Zealand?").
 * Real information needs typed so are answered early in an encyclopedic passage far more often than the questions
 * crowd workers wrote while reading one (Natural Questions against SQuAD, SelQA, FairytaleQA: MODEL_CARD.md, "The
 * search-query reranker"). A question mark does not make a lowercase query a crowd worker's question. Scripts without
 * case (Chinese) never match: their questions cannot be told apart this way.
 */
export function isSearchQuery(query: string): boolean {
  // The first letter, past digits and signs ("2024 election results"); Chinese letters have no case (Lo).
  return /\p{Ll}/u.test(query.match(/\p{L}/u)?.[0] ?? "");
}

export interface SearchRerankInput {
  query: string;
  /** The result's canonical text (the units' offsets point into it). */
  text: string;
  /** The result's units, in order; `block` (their paragraph) when known, else one block. */
  units: ReadonlyArray<{ start: number; end: number; block?: number | undefined }>;
  /** The model's unit scores of this result. */
  scores: readonly number[];
}

/**
 * One row per unit: the model's score and rank, the unit's BM25 and IDF-weighted query coverage within the result,
 * its position in its paragraph and the paragraph's in the result, whether it holds the answer type the query asks
 * for, its length, and the interactions a linear model needs to trade them (position against coverage: an opening
 * sentence wins only when no other sentence covers the query much better).
 */
export function searchRerankFeatures({ query, text, units, scores }: SearchRerankInput): number[][] {
  const n = units.length;
  const bm = computeBm25Scores(query, [{ text, units }])[0]!;
  const bmBest = Math.max(1e-9, ...bm.filter(Number.isFinite));
  const best = Math.max(1e-9, ...scores);
  const qTerms = [...new Set(tokenizeTerms(query))];
  const unitTerms = units.map((u) => tokenizeTerms(text.slice(u.start, u.end)));
  const unitSets = unitTerms.map((t) => new Set(t));
  const idf = qTerms.map((t) => {
    const df = unitSets.filter((s) => s.has(t)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const idfSum = idf.reduce((a, b) => a + b, 0) || 1;
  const covs = unitSets.map((terms) => qTerms.reduce((a, t, k) => a + (terms.has(t) ? idf[k]! : 0), 0) / idfSum);
  const maxCov = Math.max(0, ...covs);
  const type = answerTypeMatches(query, text, units);
  const typed = expectedAnswerType(query) && type ? 1 : 0;
  const rank = new Array<number>(n);
  scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .forEach(([, i], k) => (rank[i] = k));
  // Position within the unit's paragraph and the paragraph's among the result's: a passage of several paragraphs
  // opens each with its topic sentence, not only the first.
  const inBlock: number[] = [];
  const blockOrd: number[] = [];
  units.forEach((u, i) => {
    const same = i > 0 && units[i - 1]!.block === u.block;
    inBlock.push(same ? inBlock[i - 1]! + 1 : 0);
    blockOrd.push(i === 0 ? 0 : same ? blockOrd[i - 1]! : blockOrd[i - 1]! + 1);
  });
  return units.map((_, i) => {
    const s = Math.min(Math.max(scores[i] ?? 0, 1e-4), 1 - 1e-4);
    const pos = 1 / (1 + inBlock[i]!);
    const rel = (scores[i] ?? 0) / best;
    const bmr = Number.isFinite(bm[i]!) ? bm[i]! / bmBest : 0;
    const cov = covs[i]!;
    const tm = type ? type[i]! : 0;
    return [
      Math.log(s / (1 - s)),
      rel,
      bmr,
      cov,
      pos,
      inBlock[i] === 0 ? 1 : 0,
      tm,
      typed * (1 - tm),
      Math.log(1 + unitTerms[i]!.length),
      1 / (1 + rank[i]!),
      cov * cov,
      pos * maxCov,
      pos * rel,
      pos * bmr,
      cov - maxCov,
      rel * cov,
      bmr === 1 ? 1 : 0,
      pos * tm,
      1 / (1 + blockOrd[i]!),
    ];
  });
}

/** Whether the reranker reads this result: a search query over a passage (blendsSimilarity's size), a fit for these features. */
export function searchRerankApplies(rerank: SearchRerank | undefined, query: string, units: number): rerank is SearchRerank {
  return rerank !== undefined && rerank.weight > 0 && rerank.features === SEARCH_RERANK_FEATURES && blendsSimilarity(units) && isSearchQuery(query);
}

/**
 * A result's unit scores reranked for a search query: the fitted linear model's exp(score) over the units, mixed in
 * at the reranker's weight (blendSimilarity: the result's best unit keeps the model's best score, so thresholds, the
 * fallback floor and the ranking across results read the model's relevance; only the order inside the passage
 * changes). Anything else (a question, a long document) keeps the model's scores.
 */
export function applySearchRerank(rerank: SearchRerank | undefined, input: SearchRerankInput): number[] {
  if (!searchRerankApplies(rerank, input.query, input.units.length)) return input.scores.slice();
  const { mean, sd, coefficients } = rerank;
  const linear = searchRerankFeatures(input).map((f) => f.reduce((a, x, j) => a + ((x - mean[j]!) / (sd[j]! || 1)) * coefficients[j]!, 0));
  const top = Math.max(...linear);
  return blendSimilarity(
    input.scores,
    linear.map((x) => Math.exp(x - top)),
    rerank.weight,
  );
}
