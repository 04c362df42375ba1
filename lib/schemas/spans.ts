// Spans as the editor sends them and the API returns them. Client-safe (zod and types only); the data-access layer
// parses its options with these before touching the database.
import { z } from "zod";
import { zSpanCategory, zSpanSource } from "./enums";
import { zId } from "./ids";

/** Largest span list one save may carry (the whole annotation of one pair). */
export const MAX_SPANS_PER_SAVE = 5_000;
export const MAX_COMMENT_CHARS = 10_000;

/** Where a span (or a suggestion) stands and what it says: end-exclusive UTF-16 offsets, the covered text, a category. */
export const spanPlacementShape = {
  documentId: zId,
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  category: zSpanCategory,
};

/**
 * One span as the editor sends it. `id` names an existing span (update); a missing or unknown id (e.g. a client
 * temp id) creates one, and the result maps that client id to the server id. Extra keys (source, author) are ignored.
 * `score`/`suggestionId`: undefined keeps the stored value on updates, null clears it.
 * `exact`: a person placed these edges on purpose (Alt-selection); every other span is widened to whole words when
 * it is saved (undefined keeps a stored span's flag while its offsets stay the same).
 */
export const spanInputSchema = z.object({
  id: zId.optional(),
  ...spanPlacementShape,
  score: z.number().finite().nullable().optional(),
  suggestionId: zId.nullable().optional(),
  exact: z.boolean().optional(),
});
export type SpanInput = z.infer<typeof spanInputSchema>;

export const spanListSchema = z.array(spanInputSchema).max(MAX_SPANS_PER_SAVE);

/**
 * A stored span as the API returns it. Shaped like lib/spans `SpanWithId` (optional fields absent rather than null)
 * so it feeds the editor, merge and agreement code directly.
 */
export const storedSpanSchema = z.strictObject({
  id: zId,
  ...spanPlacementShape,
  source: zSpanSource,
  author: zId.optional().describe("User id of the author."),
  score: z.number().optional(),
  suggestionId: zId.optional(),
  annotationId: zId.optional(),
  exact: z.literal(true).optional().describe("A person placed these edges on purpose (Alt-selection); absent for spans snapped to words."),
  drift: z
    .string()
    .optional()
    .describe("Set when `text` no longer matches the document text at [start, end) (should not happen: texts are immutable)."),
});
export type StoredSpan = z.output<typeof storedSpanSchema>;

/** A span as a history event records it (before/after of GET /api/v1/pairs/{id}/history). */
export const spanSnapshotSchema = z.strictObject({
  documentId: z.string(),
  start: z.int(),
  end: z.int(),
  text: z.string(),
  category: z.string(),
  source: z.string(),
  annotationId: z.string().nullable(),
  authorId: z.string().nullable(),
  suggestionId: z.string().nullable(),
  score: z.number().nullable(),
  exact: z.boolean().optional().describe("Absent in events written before the column existed."),
});
export type SpanSnapshot = z.output<typeof spanSnapshotSchema>;

/**
 * A stored SpanEvent snapshot (beforeJson/afterJson) as the API returns it: the documented fields only (the demo
 * seed's events also stored the span's pairId, which the history does not send).
 */
export function readSpanSnapshot(json: string): SpanSnapshot {
  const { documentId, start, end, text, category, source, annotationId, authorId, suggestionId, score, exact } = JSON.parse(json) as SpanSnapshot;
  return { documentId, start, end, text, category, source, annotationId, authorId, suggestionId, score, ...(exact !== undefined ? { exact } : {}) };
}
