// The rows of an evaluation report as `snippet-lab eval --json` writes them and the research API sends them. They live
// here, beside the schemas that describe them (research.ts checks its schemas against these types), so that lib/schemas
// imports no evaluation code: lib/eval produces them and imports them from here. Types only.
import type { SpanCategory } from "../engine/span-categories";

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
   * The fidelity check (lib/engine/fidelity/check-fidelity.ts) of the kept output: pieces checked, violations, the share of
   * queries with any, and violations per kind (number, date, name, negation, absent).
   */
  fidelity?: { checked: number; violations: number; queriesWithViolations: number; byKind: Record<string, number> };
}

/** One category of the token breakdown (lib/eval/category-breakdown.ts): its tokens and shares before and after. */
export interface CategoryShareRow {
  /** A span category, or "unlabelled": text no category covers. */
  category: SpanCategory | "unlabelled";
  tokensIn: number;
  tokensOut: number;
  /** Share of all input tokens (0..1). */
  shareIn: number;
  /** Share of all kept tokens (0..1); 0 when nothing was kept. */
  shareOut: number;
  /** shareOut / shareIn − 1 (+0.63 = "+63 %"); null when the category had no input tokens or nothing was kept. */
  change: number | null;
}
