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
  /** Mean over queries with evidence of the share of evidence characters kept. */
  evidenceCharRecall: number;
  /** Mean over queries that kept text of the share of kept characters that are evidence. */
  keptPrecision: number;
  /** Queries without evidence (unanswerable): how often the method kept nothing, and what it kept otherwise. */
  unanswerable?: { queries: number; keptNothing: number; tokensPerQuery: number };
  /**
   * Per category (where the data has categories): the share of its characters kept, and — for models that predict
   * categories — the share of its tokens the model tagged with it.
   */
  categories?: Record<string, { chars: number; keptShare: number; modelAgreement?: number }>;
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
  evidenceChars: number;
  evidenceCharsKept: number;
  keptChars: number;
  /** Per category: [characters, kept characters, model tokens, model tokens tagged with the category]. */
  categories?: Record<string, [number, number, number, number]>;
}
