// Model and judge suggestions: kept apart from human spans. Client-safe (zod and types only).
import { z } from "zod";
import { zSuggestionSource, type SpanCategory, type SuggestionSource } from "./enums";
import { zId, zTimestamp } from "./ids";
import { MAX_COMMENT_CHARS, spanPlacementShape } from "./spans";

export const suggestionInputSchema = z.object({
  ...spanPlacementShape,
  score: z.number().finite().nullable().optional(),
  rationale: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
});
export type SuggestionInput = z.infer<typeof suggestionInputSchema>;

/** A model or judge suggestion as the API returns it (never a Span: suggestions stay apart from human work). */
export type StoredSuggestion = {
  id: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: SpanCategory;
  source: SuggestionSource;
  modelName: string;
  score?: number;
  rationale?: string;
  createdAt: Date;
};

/** A suggestion in a response (`createdAt` as its ISO string). */
export const storedSuggestionSchema = z.strictObject({
  id: zId,
  ...spanPlacementShape,
  source: zSuggestionSource,
  modelName: z.string().describe("The model or judge model that made it."),
  score: z.number().optional(),
  rationale: z.string().optional().describe("The judge's reason, when it gave one."),
  createdAt: zTimestamp,
});
