import { selectSpans } from "./select-spans";
import type { Aggregation, CompressOutcome, PreparedResult, Scorer } from "./types";

export interface CompressResultSetOptions {
  query: string;
  results: PreparedResult[];
  scorer: Scorer;
  /** Downstream tokens for the whole result set. */
  budget: number;
  threshold: number;
  aggregation: Aggregation;
  floor?: number;
  fallbackFloor?: number;
  /** Exact downstream counter for cutting an over-long fallback unit (else estimated). */
  countTokens?: (text: string) => number;
}

/** Score the units of every result for the query, then select spans (threshold + shared budget). */
export async function compressResultSet(opts: CompressResultSetOptions): Promise<CompressOutcome> {
  const t0 = performance.now();
  const scores = await opts.scorer.scoreUnits({ query: opts.query, results: opts.results, aggregation: opts.aggregation });
  const t1 = performance.now();
  const selection = selectSpans({
    results: opts.results,
    unitScores: scores.unitScores,
    budget: opts.budget,
    threshold: opts.threshold,
    ...(opts.floor !== undefined ? { floor: opts.floor } : {}),
    ...(opts.fallbackFloor !== undefined ? { fallbackFloor: opts.fallbackFloor } : {}),
    ...(opts.countTokens ? { countTokens: opts.countTokens } : {}),
  });
  const t2 = performance.now();
  const outcome: CompressOutcome = {
    selection,
    unitScores: scores.unitScores,
    timings: { scoreMs: t1 - t0, selectMs: t2 - t1, totalMs: t2 - t0, ...(scores.timings ? { score: scores.timings } : {}) },
  };
  if (scores.tokenScores) outcome.tokenScores = scores.tokenScores;
  return outcome;
}
