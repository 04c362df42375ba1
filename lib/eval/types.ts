/** One row of an evaluation report: one method at one ratio, budget or threshold. */
export interface EvalRow {
  method: string;
  /** budget = ratio × the query's tokensIn, threshold 0. */
  ratio?: number;
  /** Absolute budget per query (whole result set), threshold 0. */
  budget?: number;
  /** Threshold with an unlimited budget. */
  threshold?: number;
  /** Mean over queries (with evidence) of the share of gold evidence spans kept (≥ 90% of their characters). */
  evidenceRecall: number;
  /** Share of queries (with evidence) whose evidence spans were all kept. */
  allEvidenceKept: number;
  /** Share of queries with gold answers whose kept text contains one of them (normalised); null when none have answers. */
  answerKept: number | null;
  /** Mean downstream tokens kept per query. */
  tokensPerQuery: number;
  /** Mean over queries of tokensOut / tokensIn (lower = more compression). */
  compressionRatio: number;
}

export interface EvalReport {
  dataset: string;
  queries: number;
  results: EvalRow[];
}

/** What one selection achieved on one query. */
export interface QueryMetrics {
  evidenceTotal: number;
  evidenceKept: number;
  /** null when the query has no gold answers. */
  answerKept: boolean | null;
  tokensIn: number;
  tokensOut: number;
}
