// Model scores of stored pairs: one pair (POST /api/v1/pairs/{id}/scores) and a batch (POST /api/v1/pairs/score);
// whole datasets score as a background job (lib/schemas/jobs.ts, kind score-pairs). Client-safe (zod and types only).
import { z } from "zod";
import { blockSchema, compressResponseSchema, compressResultOutSchema, unitOutSchema } from "./compress";
import { zId } from "./ids";

/** A token model or baseline as requests name it: "model" (default model), "model:<name>", a model name, "bm25", "lead" or "embedding". */
const zMethod = z.string().trim().min(1).max(200);

/** POST /api/v1/pairs/{id}/scores. An empty body means the default model. */
export const scorePairRequestSchema = z.strictObject({ model: zMethod.optional() });

/** One scored document of a pair: the inspector's result shape (canonical text, blocks, units, token scores). */
export const scoredDocumentSchema = compressResultOutSchema.extend({
  text: z.string().describe("The document's canonical text (Document.text): every offset points into it."),
  blocks: z.array(blockSchema),
  units: z.array(unitOutSchema),
  url: z.string().optional(),
  cached: z.boolean().describe("True when the token probabilities came from the ModelRun cache."),
});
export type ScoredDocumentOut = z.output<typeof scoredDocumentSchema>;

/** POST /api/v1/pairs/{id}/scores → 200: structurally an inspector response (selection at the default preset). */
export const pairScoresResponseSchema = compressResponseSchema.omit({ results: true }).extend({
  pairId: zId,
  query: z.string().describe("The pair's query."),
  modelName: z.string().nullable().describe("Bare model name for token models (ModelRun.modelName); null for the baselines."),
  cached: z.boolean().describe("True when no document needed the model (every probability came from the cache)."),
  results: z.array(scoredDocumentSchema),
});
export type PairScoresOut = z.output<typeof pairScoresResponseSchema>;

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

/** POST /api/v1/pairs/score. */
export const scorePairsResponseSchema = z.strictObject({
  scored: z.array(zId).describe("Pairs scored by this call."),
  failed: z.array(z.strictObject({ pairId: zId, message: z.string() })).describe("Pairs that failed (reported and skipped)."),
  remaining: z.int().describe("Unscored pairs left: call again while it is above 0."),
});
