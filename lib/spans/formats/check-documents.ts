import { AppError } from "../../errors";
import { checkSpanInText } from "../schemas";
import type { SpanDocument } from "./types";

/** Exports refuse drifted data: every span must sit in its document's text (AppError UNPROCESSABLE lists all). */
export function assertDocumentsValid(documents: readonly SpanDocument[], label: string): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  documents.forEach((d, i) => {
    const key = `${d.pairId}\u0000${d.documentId}`;
    if (seen.has(key)) problems.push(`[${i}] pair ${d.pairId} document ${d.documentId}: listed twice`);
    seen.add(key);
    d.spans.forEach((s, j) => {
      const where = `[${i}] pair ${d.pairId} document ${d.documentId} span ${s.id ?? j}`;
      if (s.documentId !== d.documentId) problems.push(`${where}: belongs to document ${s.documentId}`);
      const p = checkSpanInText(s, d.text);
      if (p) problems.push(`${where}: ${p}`);
    });
  });
  if (problems.length === 0) return;
  const shown = problems.slice(0, 10).join("\n  ");
  throw new AppError(
    "UNPROCESSABLE",
    `${label}: ${problems.length} invalid span(s), nothing exported:\n  ${shown}${problems.length > 10 ? `\n  … and ${problems.length - 10} more` : ""}`,
    { problems },
  );
}

/** Document order for spans: start, end, then category/source/author so output is deterministic. */
export function compareSpans(a: { start: number; end: number; category: string; source: string; author?: string }, b: typeof a): number {
  return a.start - b.start || a.end - b.end || cmp(a.category, b.category) || cmp(a.source, b.source) || cmp(a.author ?? "", b.author ?? "");
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
