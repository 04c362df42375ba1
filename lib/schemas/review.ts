// Request bodies of the review routes. Client-safe (zod only), so the review components share the types.
import { z } from "zod";
import { MAX_COMMENT_CHARS, spanListSchema } from "./spans";

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
