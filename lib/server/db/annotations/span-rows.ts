import "server-only";
import { checkSpanInText } from "@/lib/spans/schemas";
import { zSpanCategory, zSpanSource } from "../../../schemas/enums";
import type { SpanSnapshot, StoredSpan } from "../../../schemas/spans";

/** The Span columns every annotation function reads. */
export const SPAN_SELECT = {
  id: true,
  annotationId: true,
  pairId: true,
  documentId: true,
  start: true,
  end: true,
  text: true,
  category: true,
  source: true,
  authorId: true,
  suggestionId: true,
  score: true,
  exact: true,
} as const;

export type SpanRow = {
  id: string;
  annotationId: string | null;
  pairId: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: string;
  source: string;
  authorId: string | null;
  suggestionId: string | null;
  score: number | null;
  exact: boolean;
};

/** Row → API shape; with `documentText`, a mismatch between the stored and the document text is reported as drift. */
export function toStoredSpan(row: SpanRow, documentText?: string): StoredSpan {
  const span: StoredSpan = {
    id: row.id,
    documentId: row.documentId,
    start: row.start,
    end: row.end,
    text: row.text,
    category: zSpanCategory.parse(row.category),
    source: zSpanSource.parse(row.source),
  };
  if (row.authorId !== null) span.author = row.authorId;
  if (row.score !== null) span.score = row.score;
  if (row.suggestionId !== null) span.suggestionId = row.suggestionId;
  if (row.annotationId !== null) span.annotationId = row.annotationId;
  if (row.exact) span.exact = true;
  if (documentText !== undefined) {
    const problem = checkSpanInText(row, documentText);
    if (problem) span.drift = problem;
  }
  return span;
}

/** What SpanEvent.beforeJson/afterJson hold: every column a change can touch. */
export function toSnapshot(row: SpanRow): SpanSnapshot {
  return {
    documentId: row.documentId,
    start: row.start,
    end: row.end,
    text: row.text,
    category: row.category,
    source: row.source,
    annotationId: row.annotationId,
    authorId: row.authorId,
    suggestionId: row.suggestionId,
    score: row.score,
    exact: row.exact,
  };
}

/** Document order (pair position), then start, end, category, id: a stable order for lists and diffs. */
export function sortSpans<T extends { id: string; documentId: string; start: number; end: number; category: string }>(
  spans: T[],
  positions: ReadonlyMap<string, { position: number }>,
): T[] {
  const pos = (id: string) => positions.get(id)?.position ?? Number.MAX_SAFE_INTEGER;
  return spans.sort(
    (a, b) =>
      pos(a.documentId) - pos(b.documentId) ||
      a.start - b.start ||
      a.end - b.end ||
      (a.category < b.category ? -1 : a.category > b.category ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
