import type { Mark } from "@/components/annotate/types";
import type { SpanCategory } from "@/lib/spans/categories";

/** What the review panes need of a span. */
export interface DiffSpan {
  id?: string;
  documentId: string;
  start: number;
  end: number;
  category: SpanCategory;
}

export interface AnnotatorPaneMarks {
  /** The annotator's spans in the document (workspace "mine" look), plus "only" flags over ranges nobody else marked. */
  marks: Mark[];
  /** Spans of this annotator in the document. */
  spans: number;
  /** Spans of which some characters no other annotator marked with the same category. */
  onlyTheirs: number;
}

type Range = [number, number];

/** Sorted, merged union of ranges. */
function union(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Parts of [start, end) outside the merged ranges. */
function subtract(start: number, end: number, merged: readonly Range[]): Range[] {
  const out: Range[] = [];
  let pos = start;
  for (const [s, e] of merged) {
    if (e <= pos) continue;
    if (s >= end) break;
    if (s > pos) out.push([pos, s]);
    pos = Math.max(pos, e);
    if (pos >= end) break;
  }
  if (pos < end) out.push([pos, end]);
  return out;
}

/**
 * One document's marks per annotator for the review panes. A range an annotator marked with a category that no other
 * annotator marked with that category is flagged "only" (boxed), so differences show at a glance: the whole span
 * when nobody else marked any of it, otherwise an inner mark over just the differing characters. With a single
 * annotation there is nothing to compare and nothing is flagged.
 */
export function annotatorPaneMarks(
  annotations: readonly { id: string; spans: readonly DiffSpan[] }[],
  documentId: string,
): Map<string, AnnotatorPaneMarks> {
  const inDoc = annotations.map((a) => ({ id: a.id, spans: a.spans.filter((s) => s.documentId === documentId && s.end > s.start) }));
  const compare = inDoc.length > 1;
  const out = new Map<string, AnnotatorPaneMarks>();
  for (const a of inDoc) {
    // Per category: everything the other annotators marked with it.
    const others = new Map<SpanCategory, Range[]>();
    if (compare) {
      const byCategory = new Map<SpanCategory, Range[]>();
      for (const b of inDoc) {
        if (b.id === a.id) continue;
        for (const s of b.spans) {
          const list = byCategory.get(s.category) ?? [];
          list.push([s.start, s.end]);
          byCategory.set(s.category, list);
        }
      }
      for (const [c, list] of byCategory) others.set(c, union(list));
    }
    const marks: Mark[] = [];
    let onlyTheirs = 0;
    a.spans.forEach((s, i) => {
      const id = s.id ?? `${a.id}-${i}`;
      const base: Mark = { key: `a:${a.id}:${id}`, layer: "mine", id, category: s.category, start: s.start, end: s.end, testId: "review-mark" };
      if (!compare) return void marks.push(base);
      const parts = subtract(s.start, s.end, others.get(s.category) ?? []);
      if (parts.length > 0) onlyTheirs++;
      if (parts.length === 1 && parts[0]![0] === s.start && parts[0]![1] === s.end) {
        marks.push({ ...base, flag: "only" });
        return;
      }
      marks.push(base);
      parts.forEach(([ps, pe], k) =>
        marks.push({
          key: `only:${a.id}:${id}:${k}`,
          layer: "mine",
          id,
          category: s.category,
          start: ps,
          end: pe,
          flag: "only",
          testId: "review-only-mark",
        }),
      );
    });
    out.set(a.id, { marks, spans: a.spans.length, onlyTheirs });
  }
  return out;
}

/** The gold pane: the ticked candidates (what Save gold would write) and the saved gold as the gold layer. */
export function goldPaneMarks(ticked: readonly (DiffSpan & { key: string })[], saved: readonly DiffSpan[], documentId: string): Mark[] {
  const marks: Mark[] = [];
  for (const c of ticked) {
    if (c.documentId !== documentId || c.end <= c.start) continue;
    marks.push({ key: `cand:${c.key}`, layer: "mine", id: c.key, category: c.category, start: c.start, end: c.end, testId: "candidate-mark" });
  }
  saved.forEach((s, i) => {
    if (s.documentId !== documentId || s.end <= s.start) return;
    const id = s.id ?? `gold-${i}`;
    marks.push({ key: `gold:${id}`, layer: "gold", id, category: s.category, start: s.start, end: s.end });
  });
  return marks;
}

/** A focus mark over a clicked span or candidate (yellow), drawn in every pane of its document. */
export function focusMark(range: DiffSpan | null, documentId: string): Mark | null {
  if (!range || range.documentId !== documentId || range.end <= range.start) return null;
  return {
    key: "focus",
    layer: "model",
    id: "focus",
    category: range.category,
    start: range.start,
    end: range.end,
    flag: "focus",
    testId: "focus-mark",
  };
}
