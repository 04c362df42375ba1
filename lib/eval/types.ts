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
  /**
   * The fidelity check (lib/eval/check-fidelity.ts) of the kept output: pieces checked, violations, the share of
   * queries with any, and violations per kind (number, date, name, negation, absent).
   */
  fidelity?: { checked: number; violations: number; queriesWithViolations: number; byKind: Record<string, number> };
}

/** One query's fidelity violations at one setting of one method (`snippet-lab eval --json`: the first ones). */
export interface FidelityViolationReport {
  query: string;
  method: string;
  setting: { key: "ratio" | "budget" | "threshold"; value: number };
  violations: { resultId: string; kind: string; message: string; output?: string }[];
}

export interface EvalReport {
  dataset: string;
  queries: number;
  results: EvalRow[];
  /**
   * Per method, what scoring cost (the same for every setting, so apart from the rows): time per query and, for LLM
   * methods, tokens and requests per query and the share answered from the cache.
   */
  methods?: Record<string, MethodCost>;
  /** Per query, the fidelity violations of each method and setting (the first MAX_FIDELITY_REPORTS). */
  fidelityViolations?: FidelityViolationReport[];
}

export interface MethodCost {
  /** The scorer's time on a query's result set (ms). */
  latencyMs: { mean: number; p50: number; p95: number };
  llm?: { promptTokensPerQuery: number; completionTokensPerQuery: number; requestsPerQuery: number; cachedShare: number };
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
  /** The fidelity check of the kept output: pieces checked and violations per kind. */
  fidelity?: { checked: number; violations: Record<string, number> };
}
