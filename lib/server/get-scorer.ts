import { AppError } from "../errors";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import type { Scorer } from "../engine/types";
import { createModelScorer } from "./model/create-model-scorer";
import { loadModel } from "./model/load-model";

/** Methods a request may name; oracle needs gold evidence and is built by the evaluator itself. */
export const PUBLIC_METHODS = ["model", "model:<name>", "bm25", "lead"] as const;

/**
 * Resolves a method name to a scorer: `model` (the default model), `model:<name>` or a bare model
 * name, `bm25`, `lead`.
 */
export async function getScorer(method: string): Promise<Scorer> {
  const m = method.trim();
  if (m === "bm25") return createBm25Scorer();
  if (m === "lead") return createLeadScorer();
  if (m === "oracle") throw new AppError("BAD_REQUEST", "the oracle method needs gold evidence and is only available in evaluation");
  const name = m === "model" || m === "" ? undefined : m.startsWith("model:") ? m.slice("model:".length) : m;
  const model = await loadModel({ name });
  return createModelScorer({ model });
}
