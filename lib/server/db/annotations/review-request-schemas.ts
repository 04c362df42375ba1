// Request bodies of the review routes (zod only, so the review components can share the types).
import { z } from "zod";
import { zSpanCategory } from "../enums";
import { MAX_COMMENT_CHARS, spanListSchema, zId } from "./schemas";

/** POST /api/v1/annotations/{id}/review. A rejection must say what to fix. */
export const reviewRequestSchema = z
  .object({
    decision: z.enum(["accept", "reject"]),
    comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
    /** The annotation version the reviewer looked at (409 when it changed). */
    version: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine((b) => b.decision !== "reject" || !!b.comment?.trim(), { message: "a rejection needs a comment", path: ["comment"] });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** PUT /api/v1/pairs/{id}/gold: the complete gold list. */
export const goldRequestSchema = z
  .object({
    spans: spanListSchema,
    comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
    /** Pair.version the reviewer started from (GET …/gold or the review page); 409 when the pair changed. */
    version: z.number().int().nonnegative().optional(),
  })
  .strict();
export type GoldRequest = z.infer<typeof goldRequestSchema>;

/** POST /api/v1/pairs/score. */
export const scoreRequestSchema = z
  .object({
    datasetId: zId.optional(),
    /** Pairs to score in this call (each runs the model over every document): default 10, at most 100. */
    limit: z.number().int().min(1).max(100).default(10),
    /** A token model: "model" (default), "model:<name>" or a bare model name (bm25/lead write no ModelRun). */
    model: z.string().min(1).max(200).optional(),
  })
  .strict();
export type ScoreRequest = z.infer<typeof scoreRequestSchema>;

/** GET /api/v1/agreement query. */
export const agreementQuerySchema = z.object({
  datasetId: zId,
  metric: z.enum(["kappa", "charF1"]).default("kappa"),
  category: z.union([zSpanCategory, z.literal("micro")]).default("micro"),
});

/** Route params with one id. */
export const idParamsSchema = z.object({ id: zId });
