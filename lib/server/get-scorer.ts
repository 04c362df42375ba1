import "server-only";
import type { Baseline } from "../engine/methods";
import { createEmbeddingScorer } from "../embeddings/create-embedding-scorer";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import type { Scorer } from "../engine/types";
import { getDb } from "./db/client";
import { loadWordVectors } from "./embeddings/load-word-vectors";
import { requireJudgeConfig } from "./judge/judge-config";
import { createLlmScorer } from "./llm/create-llm-scorer";
import type { LlmClient } from "./llm/create-llm-client";
import { getLlmClient } from "./llm/get-llm-client";
import { createModelScorer } from "./model/create-model-scorer";
import { loadModel } from "./model/load-model";

// The process's client for the settings (getLlmClient): its limiter caps the requests in flight across requests.
function llmClient(): { client: LlmClient; chunkChars: number } {
  const config = requireJudgeConfig();
  return { client: getLlmClient(config), chunkChars: config.chunkChars };
}

/** What a resolved method scores with (resolveMethod builds it: nothing is parsed or looked up here). */
export type ScorerTarget =
  | { kind: "baseline"; name: Baseline }
  | { kind: "model"; modelName: string }
  | { kind: "llm-extract" }
  /** hybrid: the filter method's scorer and the threshold its units must pass before the LLM reads them. */
  | { kind: "hybrid"; filter: { id: string; threshold: number; scorer: () => Promise<Scorer> } };

/**
 * The scorer of a resolved method (lib/server/scoring/resolve-method.ts): a baseline, a token model (sessions loaded
 * once per process, loadModel), and with a judge server configured (UNAVAILABLE otherwise) llm-extract and hybrid.
 */
export async function createScorer(target: ScorerTarget): Promise<Scorer> {
  switch (target.kind) {
    case "baseline":
      if (target.name === "embedding") return createEmbeddingScorer({ vectors: loadWordVectors() });
      return target.name === "bm25" ? createBm25Scorer() : createLeadScorer();
    case "model":
      return createModelScorer({ model: await loadModel({ name: target.modelName }) });
    case "llm-extract": {
      const { client, chunkChars } = llmClient();
      return createLlmScorer({ client, chunkChars, cache: { db: getDb() } });
    }
    case "hybrid": {
      const { client, chunkChars } = llmClient();
      const { id, threshold } = target.filter;
      return createLlmScorer({ client, chunkChars, cache: { db: getDb() }, filter: { scorer: await target.filter.scorer(), threshold, name: id } });
    }
  }
}
