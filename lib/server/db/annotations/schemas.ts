// Input schemas and shared output types of the annotation data-access layer. Pure (zod only) so API routes and
// client code can import the types; server functions parse their options with these before touching the database.
import { z } from "zod";
import { zSpanCategory, zSuggestionSource, type SpanCategory, type SpanSource } from "../enums";

/** Largest span list one save may carry (the whole annotation of one pair). */
export const MAX_SPANS_PER_SAVE = 5_000;
export const MAX_COMMENT_CHARS = 10_000;

export const zId = z.string().min(1).max(200);

/**
 * One span as the editor sends it. `id` names an existing span (update); a missing or unknown id (e.g. a client
 * temp id) creates one, and the result maps that client id to the server id. Extra keys (source, author) are ignored.
 * `score`/`suggestionId`: undefined keeps the stored value on updates, null clears it.
 */
export const spanInputSchema = z.object({
  id: zId.optional(),
  documentId: zId,
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  category: zSpanCategory,
  score: z.number().finite().nullable().optional(),
  suggestionId: zId.nullable().optional(),
});
export type SpanInput = z.infer<typeof spanInputSchema>;

export const spanListSchema = z.array(spanInputSchema).max(MAX_SPANS_PER_SAVE);

export const suggestionInputSchema = z.object({
  documentId: zId,
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  category: zSpanCategory,
  score: z.number().finite().nullable().optional(),
  rationale: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
});
export type SuggestionInput = z.infer<typeof suggestionInputSchema>;

export { zSuggestionSource };

/**
 * A stored span as the API returns it. Shaped like lib/spans `SpanWithId` (optional fields absent rather than null)
 * so it feeds the editor, merge and agreement code directly.
 */
export type StoredSpan = {
  id: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: SpanCategory;
  source: SpanSource;
  /** User id of the author. */
  author?: string;
  score?: number;
  suggestionId?: string;
  annotationId?: string;
  /** Set when `text` no longer matches the document text at [start, end) (should not happen: texts are immutable). */
  drift?: string;
};

/** What a SpanEvent stores in beforeJson/afterJson. */
export type SpanSnapshot = {
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: string;
  source: string;
  annotationId: string | null;
  authorId: string | null;
  suggestionId: string | null;
  score: number | null;
};
