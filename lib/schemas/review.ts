// Request and response bodies of the review routes. Client-safe (zod only), so the review components share the types.
import { z } from "zod";
import { spanSaveShape } from "./annotation";
import { zAnnotationStatus, zPairStatus } from "./enums";
import { zId, zTimestamp } from "./ids";
import { MAX_COMMENT_CHARS, spanListSchema, storedSpanSchema } from "./spans";
import { userRefSchema } from "./users";

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

/** PUT /api/v1/pairs/{id}/gold: the complete gold list. */
export const goldRequestSchema = z
  .object({
    spans: spanListSchema,
    /** The gold decision "nothing here is vital": no vital span in `spans` (which may then be empty). */
    noVital: z.boolean().optional(),
    comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
    /** Pair.version the reviewer started from (GET …/gold or the review page); 409 when the pair changed. */
    version: z.number().int().nonnegative().optional(),
  })
  .strict();

/** GET /api/v1/pairs/{id}/annotations: the pair, its documents and every annotation of it, for review. */
export const pairAnnotationsResponseSchema = z.strictObject({
  pair: z.strictObject({
    id: zId,
    datasetId: zId,
    dataset: z.string().describe("The dataset's name."),
    query: z.string(),
    status: zPairStatus,
    version: z.int().nonnegative().describe("Send it with PUT …/gold (409 when the pair changed)."),
    adjudicatedAt: zTimestamp.nullable(),
    adjudicatedBy: userRefSchema.nullable(),
  }),
  documents: z.array(
    z.strictObject({
      id: zId,
      position: z.int(),
      title: z.string().nullable(),
      url: z.string().nullable(),
      text: z.string().describe("The canonical text."),
    }),
  ),
  annotations: z.array(
    z.strictObject({
      id: zId,
      annotator: userRefSchema,
      status: zAnnotationStatus,
      version: z.int().nonnegative(),
      comment: z.string().nullable(),
      submittedAt: zTimestamp.nullable(),
      noVital: z.boolean(),
      blind: z.boolean().describe("Made without seeing the pair's gold or others' work (only these count for agreement)."),
      updatedAt: zTimestamp,
      reviewer: userRefSchema.nullable(),
      reviewComment: z.string().nullable(),
      reviewedAt: zTimestamp.nullable(),
      spans: z.array(storedSpanSchema),
    }),
  ),
});

/** GET /api/v1/pairs/{id}/gold. */
export const goldResponseSchema = z.strictObject({
  pairId: zId,
  status: zPairStatus,
  version: z.int().nonnegative(),
  reviewerId: zId.nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: zTimestamp.nullable(),
  adjudicatedAt: zTimestamp.nullable(),
  adjudicatedById: zId.nullable(),
  noVital: z.boolean().describe('The gold decision "nothing here is vital".'),
  spans: z.array(storedSpanSchema),
});

/** PUT /api/v1/pairs/{id}/gold: the new gold and what the save did. */
export const saveGoldResponseSchema = z.strictObject({
  pairId: zId,
  status: zPairStatus,
  noVital: z.boolean(),
  ...spanSaveShape,
});
