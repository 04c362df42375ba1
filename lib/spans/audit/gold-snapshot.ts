import type { GoldAuditSpan, GoldSnapshot } from "../../schemas/audit";
import type { SpanCategory } from "../categories";

/** What a snapshot needs of a stored gold span (a Span row, an import's planned row). */
export type GoldSpanLike = {
  id: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: string;
  exact?: boolean | null;
};

const byPlace = (a: GoldAuditSpan, b: GoldAuditSpan) =>
  (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0) ||
  a.start - b.start ||
  a.end - b.end ||
  (a.category < b.category ? -1 : a.category > b.category ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A pair's gold as an audit row stores it: the spans' placement only, in a stable order (document, start, end). */
export function toGoldSnapshot({ noVital, spans }: { noVital: boolean; spans: readonly GoldSpanLike[] }): GoldSnapshot {
  return {
    noVital,
    spans: spans
      .map((s) => ({
        id: s.id,
        documentId: s.documentId,
        start: s.start,
        end: s.end,
        text: s.text,
        category: s.category as SpanCategory,
        exact: s.exact === true,
      }))
      .sort(byPlace),
  };
}

/** No gold at all: what a pair holds before its first gold. */
export const EMPTY_GOLD: GoldSnapshot = { noVital: false, spans: [] };
