import type { Evidence, PreparedResult } from "../engine/types";
import type { EvalMethod } from "./run-eval";

type Remembered = { results: readonly PreparedResult[]; query: string; aggregation: string | undefined; scores: Evidence };

/**
 * Per method name, each result set's scores, keyed by its first prepared result: a sweep's prepared results come from a
 * memory cache, so the next sweep over the same pairs (the same objects) finds its scores here instead of scoring
 * every unit again. Weak keys: a result set the cache dropped takes its scores with it.
 */
const rememberedByMethod = new Map<string, WeakMap<PreparedResult, Remembered>>();

/**
 * A deterministic method (scores that depend on the query and the results only: BM25, lead sentences) whose scores
 * are kept for the same query over the same prepared results, in this process. Not for the oracle (it scores the
 * example's evidence) or a model (its scores come from the ModelRun cache already).
 */
export function rememberUnitScores(method: EvalMethod): EvalMethod {
  const remembered = rememberedByMethod.get(method.name) ?? new WeakMap<PreparedResult, Remembered>();
  rememberedByMethod.set(method.name, remembered);
  return {
    ...method,
    async score(example, input) {
      const { query, results, aggregation } = input;
      const first = results[0];
      const hit = first ? remembered.get(first) : undefined;
      if (
        hit &&
        hit.query === query &&
        hit.aggregation === aggregation &&
        hit.results.length === results.length &&
        hit.results.every((r, i) => r === results[i])
      ) {
        return hit.scores;
      }
      const scores = await method.score(example, input);
      if (first) remembered.set(first, { results: [...results], query, aggregation, scores });
      return scores;
    },
  };
}
