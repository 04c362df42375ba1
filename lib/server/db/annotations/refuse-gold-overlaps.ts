import "server-only";
import { AppError } from "@/lib/errors";
import { findSameCategoryOverlaps } from "@/lib/spans/review/same-category-overlaps";

const quote = (t: string) => JSON.stringify(t.length > 60 ? `${t.slice(0, 57)}…` : t);

/**
 * The gold invariant, where gold is written: no two spans of one document and category share a character. Throws
 * UNPROCESSABLE naming the first conflicts (details.overlaps lists them all, as offsets).
 */
export function refuseSameCategoryOverlaps(
  spans: readonly { documentId: string; start: number; end: number; category: string; text: string }[],
): void {
  const found = findSameCategoryOverlaps(spans);
  if (found.length === 0) return;
  const first = found
    .slice(0, 3)
    .map(({ a, b, kind }) => `${quote(b.text)} ${kind === "nested" ? "nests with" : "overlaps"} ${quote(a.text)} (${a.category})`)
    .join("; ");
  throw new AppError(
    "UNPROCESSABLE",
    `Gold cannot hold two spans of one category that share text: ${first}${found.length > 3 ? ` and ${found.length - 3} more` : ""}. Keep one, or join them into one span.`,
    { overlaps: found.map(({ a, b, kind }) => ({ kind, category: a.category, documentId: a.documentId, a: [a.start, a.end], b: [b.start, b.end] })) },
  );
}
