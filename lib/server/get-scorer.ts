import "server-only";
import { AppError } from "../errors";
import { parseMethod } from "../engine/methods";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import type { Scorer } from "../engine/types";
import { createModelScorer } from "./model/create-model-scorer";
import { loadModel } from "./model/load-model";

/**
 * A scorer for a method name (lib/engine/methods.ts): `model` (the default model), `model:<name>` or a bare model
 * name, `bm25`, `lead`. Model sessions are loaded once per process (loadModel).
 */
export async function getScorer(method: string): Promise<Scorer> {
  const parsed = parseMethod(method);
  switch (parsed.kind) {
    case "baseline":
      return parsed.name === "bm25" ? createBm25Scorer() : createLeadScorer();
    case "oracle":
      throw new AppError("BAD_REQUEST", "the oracle method needs gold evidence and is only available in evaluation");
    case "default-model":
      return createModelScorer({ model: await loadModel() });
    case "model":
    case "unknown":
      return createModelScorer({ model: await loadModel({ name: parsed.name }) });
  }
}
