import { snapSpanToWords } from "./word-edges";

export type SnappableSpan = { documentId: string; start: number; end: number; text: string; category: string; exact?: boolean | undefined };

export interface SnapSpansToWordsOptions<T extends SnappableSpan> {
  spans: readonly T[];
  /** Canonical text per document id; a span of an unknown document is passed through (validation reports it). */
  texts: ReadonlyMap<string, string>;
}

/**
 * What a save stores: every span that a person did not place exactly (`exact`, an Alt-selection) widened to word
 * boundaries (snapSpanToWords). Two spans that become the same range and category are one: the first stays.
 * Returns the spans (unchanged objects where nothing moved) and how many were widened.
 */
export function snapSpansToWords<T extends SnappableSpan>({ spans, texts }: SnapSpansToWordsOptions<T>): { spans: T[]; snapped: number } {
  const out: T[] = [];
  const seen = new Set<string>();
  let snapped = 0;
  for (const s of spans) {
    const text = texts.get(s.documentId);
    let next = s;
    if (!s.exact && text !== undefined && s.start >= 0 && s.end <= text.length && s.start < s.end) {
      const w = snapSpanToWords({ text, start: s.start, end: s.end });
      if (w.start !== s.start || w.end !== s.end) {
        next = { ...s, ...w };
        snapped++;
      }
    }
    const key = `${next.documentId}\u0000${next.start}\u0000${next.end}\u0000${next.category}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(next);
  }
  return { spans: out, snapped };
}
