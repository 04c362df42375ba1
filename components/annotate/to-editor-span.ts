import type { SpanInput, StoredSpan } from "@/lib/schemas/spans";
import type { EditorSpan } from "./types";

/** A stored human span → the editor's shape (author dropped: every span here is mine). */
export function toEditorSpan(s: StoredSpan | EditorSpan): EditorSpan {
  const out: EditorSpan = { id: s.id, documentId: s.documentId, start: s.start, end: s.end, text: s.text, category: s.category, source: "human" };
  if (s.score !== undefined) out.score = s.score;
  if (s.suggestionId !== undefined) out.suggestionId = s.suggestionId;
  if (s.exact) out.exact = true;
  return out;
}

/** What PUT /annotation sends per span. */
export function toSpanInput(s: EditorSpan): SpanInput {
  return {
    id: s.id,
    documentId: s.documentId,
    start: s.start,
    end: s.end,
    text: s.text,
    category: s.category,
    ...(s.score !== undefined ? { score: s.score } : {}),
    ...(s.suggestionId !== undefined ? { suggestionId: s.suggestionId } : {}),
    ...(s.exact ? { exact: true } : {}),
  };
}

const key = (s: EditorSpan) => `${s.id}\u0000${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}\u0000${s.text}`;

/** Same spans (ids, positions, categories), order ignored: the autosave's "is anything unsaved" test. */
export function sameSpanLists(a: readonly EditorSpan[], b: readonly EditorSpan[]): boolean {
  if (a.length !== b.length) return false;
  const ka = a.map(key).sort();
  const kb = b.map(key).sort();
  return ka.every((k, i) => k === kb[i]);
}
