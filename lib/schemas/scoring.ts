// Model scores of stored pairs: one pair (POST /api/v1/pairs/{id}/scores) and a batch (POST /api/v1/pairs/score);
// whole datasets score as a background job (lib/schemas/jobs.ts, kind score-pairs). Client-safe (zod and types only).
import { z } from "zod";
import type { CompressResponse, CompressResultOut } from "./compress";
import { zId } from "./ids";

/** A token model or baseline as requests name it: "model" (default model), "model:<name>", a model name, "bm25", "lead" or "embedding". */
const zMethod = z.string().trim().min(1).max(200);

/** POST /api/v1/pairs/{id}/scores. An empty body means the default model. */
export const scorePairRequestSchema = z.strictObject({ model: zMethod.optional() });

/** One scored document of a pair: the inspector's result shape (canonical text, blocks, units, token scores). */
export type ScoredDocumentOut = CompressResultOut &
  Required<Pick<CompressResultOut, "text" | "blocks" | "units">> & {
    url?: string;
    /** True when the token probabilities came from the ModelRun cache. */
    cached: boolean;
  };

/** POST /api/v1/pairs/{id}/scores → 200: structurally an inspector response (selection at the default preset). */
export type PairScoresOut = Omit<CompressResponse, "results"> & {
  pairId: string;
  query: string;
  /** Bare model name for token models (ModelRun.modelName); null for the bm25/lead baselines. */
  modelName: string | null;
  /** True when no document needed the model (every probability came from the cache). */
  cached: boolean;
  results: ScoredDocumentOut[];
};

/** POST /api/v1/pairs/score. */
export const scoreRequestSchema = z
  .object({
    datasetId: zId.optional(),
    /** Pairs to score in this call (each runs the model over every document): default 10, at most 100. */
    limit: z.number().int().min(1).max(100).default(10),
    /** bm25/lead write no ModelRun. */
    model: zMethod.optional(),
  })
  .strict();
