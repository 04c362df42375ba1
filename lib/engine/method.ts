import type { SelectionProfile } from "../schemas/selection-profile";
import type { Scorer, TokenScores } from "./types";

// The method object's shape, pure so evaluation code can take one; lib/server/scoring/resolve-method.ts builds them.

export type MethodKind = "model" | "baseline" | "oracle" | "llm";

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
  /** Its scorer, created once per method object (model sessions once per process). The oracle has none here: it needs gold evidence. */
  scorer(): Promise<Scorer>;
  /** Token models: a scorer of cached token probabilities (one per result) that gives exactly `scorer()`'s unit scores. */
  cachedScorer?: (tokenScores: readonly TokenScores[]) => Scorer;
}
