// The report's row type sits beside the API schema that describes it (lib/schemas/eval-rows.ts): the schemas import
// no evaluation code.
import type { EvalRow } from "../schemas/eval-rows";
export type { EvalRow };

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
