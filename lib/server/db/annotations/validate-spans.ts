import "server-only";
import { AppError } from "@/lib/errors";
import { checkSpanInText } from "@/lib/spans/schemas";

type SpanLike = { id?: string | undefined; documentId: string; start: number; end: number; text: string; category: string };

export type SpanIssue = { index: number; spanId?: string; message: string };

/**
 * Checks every span against the pair's documents: the document belongs to the pair, 0 ≤ start < end ≤ length, no
 * edge inside a surrogate pair, `text === document.text.slice(start, end)` (drift), no repeated id and no exact
 * duplicate (same document, offsets and category). Overlaps — also of different categories — are allowed.
 * Throws UNPROCESSABLE naming the first bad span's index (details: { index, spanId, issues }).
 */
export function validateSpans(spans: readonly SpanLike[], documents: ReadonlyMap<string, { text: string }>, what = "span"): void {
  const issues: SpanIssue[] = [];
  const ids = new Set<string>();
  const keys = new Map<string, number>();
  spans.forEach((s, index) => {
    const add = (message: string) => issues.push({ index, ...(s.id ? { spanId: s.id } : {}), message });
    const doc = documents.get(s.documentId);
    if (!doc) return add(`document ${s.documentId} is not part of this pair`);
    const problem = checkSpanInText(s, doc.text);
    if (problem) return add(problem);
    if (s.id) {
      if (ids.has(s.id)) return add(`id ${s.id} appears twice`);
      ids.add(s.id);
    }
    const key = `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;
    const first = keys.get(key);
    if (first !== undefined) return add(`duplicate of ${what} ${first} (same document, offsets and category)`);
    keys.set(key, index);
  });
  const firstIssue = issues[0];
  if (firstIssue) {
    throw new AppError("UNPROCESSABLE", `${what} ${firstIssue.index}: ${firstIssue.message}`, {
      index: firstIssue.index,
      ...(firstIssue.spanId ? { spanId: firstIssue.spanId } : {}),
      issues: issues.slice(0, 100),
    });
  }
}
