import { AppError } from "../../errors";
import { plural } from "../../plural";
import { findBlockProblems } from "../../text/find-block-problems";
import { checkSpanInText } from "../schemas";
import type { SpanDocument } from "./types";

/**
 * Exports refuse drifted data: every span must sit in its document's text, and with `blocks` (formats that carry the
 * block structure: gold JSONL) every document's blocks must fit its text as an import checks them, so an export always
 * imports again (AppError UNPROCESSABLE lists all).
 */
export function assertDocumentsValid(documents: readonly SpanDocument[], label: string, opts: { blocks?: boolean } = {}): void {
  const problems: string[] = [];
  let twice = 0;
  let badSpans = 0;
  let badBlocks = 0;
  const seen = new Set<string>();
  documents.forEach((d, i) => {
    const key = `${d.pairId}\u0000${d.documentId}`;
    if (seen.has(key)) {
      twice++;
      problems.push(`[${i}] pair ${d.pairId} document ${d.documentId}: listed twice`);
    }
    seen.add(key);
    d.spans.forEach((s, j) => {
      const where = `[${i}] pair ${d.pairId} document ${d.documentId} span ${s.id ?? j}`;
      const p = s.documentId !== d.documentId ? `belongs to document ${s.documentId}` : checkSpanInText(s, d.text);
      if (!p) return;
      badSpans++;
      problems.push(`${where}: ${p}`);
    });
    const blockProblems = opts.blocks && d.blocks ? findBlockProblems(d.blocks, d.text) : [];
    if (blockProblems.length) badBlocks++;
    for (const p of blockProblems) problems.push(`[${i}] pair ${d.pairId} document ${d.documentId} ${p}`);
  });
  if (problems.length === 0) return;
  const what = [
    ...(badSpans ? [plural(badSpans, "invalid span")] : []),
    ...(badBlocks ? [`${plural(badBlocks, "document")} with invalid blocks`] : []),
    ...(twice ? [`${plural(twice, "document")} listed twice`] : []),
  ].join(" and ");
  const shown = problems.slice(0, 10).join("\n  ");
  throw new AppError(
    "UNPROCESSABLE",
    `${label}: ${what}, nothing exported:\n  ${shown}${problems.length > 10 ? `\n  … and ${problems.length - 10} more` : ""}`,
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
