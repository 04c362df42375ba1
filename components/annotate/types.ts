import type { SpanWithId } from "@/lib/spans/schemas";
import type { SpanCategory } from "@/lib/spans/categories";
import type { StoredSuggestion } from "@/lib/schemas/suggestions";

/** A span of my annotation in the editor (lib/spans shape plus the suggestion it came from). */
export type EditorSpan = SpanWithId & { suggestionId?: string; /** Placed exactly (Alt-selection): never widened to words. */ exact?: boolean };

/** "categories": the model's own category of every token (its second head), drawn live from the scores. */
export type Layer = "mine" | "gold" | "judge" | "model" | "categories";
export const LAYERS: readonly Layer[] = ["mine", "gold", "judge", "model", "categories"];

/** One mark drawn over the document text. */
export interface Mark {
  key: string;
  layer: Layer;
  /** Span id (mine, gold) or suggestion id (judge, model). */
  id: string;
  category: SpanCategory;
  start: number;
  end: number;
  /**
   * Review view: "only" boxes a range no other annotator marked with this category; "focus" highlights a clicked
   * span or candidate. The workspace sets none.
   */
  flag?: "only" | "focus";
  /** data-testid of the mark element when not the layer's own (span-mark, gold-mark, suggestion-mark). */
  testId?: string;
}

export type SaveState = { kind: "saved" } | { kind: "saving" } | { kind: "dirty" } | { kind: "conflict" } | { kind: "error"; message: string };

export function saveStateText(s: SaveState): string {
  switch (s.kind) {
    case "saved":
      return "Saved";
    case "saving":
      return "Saving…";
    case "dirty":
      return "Unsaved changes";
    case "conflict":
      return "Conflict";
    case "error":
      return `Error: ${s.message}`;
  }
}

/** Suggestions may arrive from JSON (createdAt a string) or from the server render (a Date). */
export type ClientSuggestion = Omit<StoredSuggestion, "createdAt"> & { createdAt?: string | Date };
