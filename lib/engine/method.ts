import type { Aggregation } from "./methods";
import type { SelectionProfile } from "./profile";
import type { Evidence, PreparedResult, Scorer, TokenScorer, TokenScores } from "./types";

// The method object's shape, pure so evaluation code can take one; lib/server/scoring/resolve-method.ts builds them.

export type MethodKind = "model" | "baseline" | "oracle" | "llm";

/** What a method is asked to score. */
export interface MethodScoreInput {
  query: string;
  results: readonly PreparedResult[];
  /** A request's aggregation (default: the profile's). */
  aggregation?: Aggregation | undefined;
  /**
   * Token models: probabilities the model gave before (the ModelRun cache, one per result). The model is not run; the
   * similarity is the stored or remembered one (research views and the workspace ensure it first), else computed.
   */
  cached?: readonly TokenScores[] | undefined;
}

/** A method, resolved once from its name: what it is called, how it selects, and how it scores. */
export interface Method {
  /** "model:<name>", "bm25", "lead", "oracle", "llm-extract", "hybrid", "hybrid:<filter>": what responses, reports and stored runs call it. */
  id: string;
  /** How selects and charts name it ("snippet-lab (default)", "BM25 (baseline)", …). */
  label: string;
  kind: MethodKind;
  /** Token models: the folder name (ModelRun.modelName). */
  modelName?: string;
  /** Every selection setting: the model's config, or the baselines' and LLM methods' defaults. */
  profile: SelectionProfile;
  /**
   * Its scorer, created once per method object (model sessions once per process): unit scores, or a token model's
   * evidence. Awaiting it loads what the method needs (a model that cannot load fails here). The oracle has none
   * here: it needs gold evidence.
   */
  scorer(): Promise<Scorer | TokenScorer>;
  /**
   * One result set scored: the scorer's unit scores, or a token model's evidence (from `cached` probabilities
   * without running the model). The unit stage (unitScoresOf) and the selection follow, once, in the caller.
   */
  score(input: MethodScoreInput): Promise<Evidence>;
}
