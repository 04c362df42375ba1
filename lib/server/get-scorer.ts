import "server-only";
import { AppError } from "../errors";
import { parseMethod } from "../engine/methods";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import type { Scorer } from "../engine/types";
import { getDb } from "./db/client";
import { requireJudgeConfig } from "./judge/judge-config";
import { createLlmScorer, HYBRID_BM25_THRESHOLD } from "./llm/create-llm-scorer";
import type { LlmClient } from "./llm/create-llm-client";
import { getLlmClient } from "./llm/get-llm-client";
import { createModelScorer } from "./model/create-model-scorer";
import { listModels } from "./model/list-models";
import { loadModel } from "./model/load-model";

// The process's client for the settings (getLlmClient): its limiter caps the requests in flight across requests.
function llmClient(): { client: LlmClient; chunkChars: number } {
  const config = requireJudgeConfig();
  return { client: getLlmClient(config), chunkChars: config.chunkChars };
}

/**
 * A scorer for a method name (lib/engine/methods.ts): `model` (the default model), `model:<name>` or a bare model
 * name, `bm25`, `lead`, and — with a judge server configured (UNAVAILABLE otherwise) — `llm-extract` and `hybrid`
 * (`hybrid:bm25`, `hybrid:<model>`; plain `hybrid` filters with the default model, or BM25 when none is installed).
 * Model sessions are loaded once per process (loadModel).
 */
export async function getScorer(method: string): Promise<Scorer> {
  const parsed = parseMethod(method);
  switch (parsed.kind) {
    case "baseline":
      return parsed.name === "bm25" ? createBm25Scorer() : createLeadScorer();
    case "oracle":
      throw new AppError("BAD_REQUEST", "the oracle method needs gold evidence and is only available in evaluation");
    case "llm": {
      const { client, chunkChars } = llmClient();
      if (parsed.name === "llm-extract") return createLlmScorer({ client, chunkChars, cache: { db: getDb() } });
      const models = await listModels();
      const filterMethod = parsed.filter ?? (models.length > 0 ? "model" : "bm25");
      if (parseMethod(filterMethod).kind === "llm") throw new AppError("BAD_REQUEST", `a hybrid filter must be a model or bm25, not ${filterMethod}`);
      const scorer = await getScorer(filterMethod);
      const model = models.find((m) => `model:${m.name}` === scorer.name);
      const threshold = model ? model.threshold : HYBRID_BM25_THRESHOLD;
      return createLlmScorer({ client, chunkChars, cache: { db: getDb() }, filter: { scorer, threshold, name: scorer.name } });
    }
    case "default-model":
      return createModelScorer({ model: await loadModel() });
    case "model":
    case "unknown":
      return createModelScorer({ model: await loadModel({ name: parsed.name }) });
  }
}
