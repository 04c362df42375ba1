import { compactText, trimRange } from "./align-offsets";
import { locateQuote } from "./locate-quote";

export interface MapRawSpanOptions {
  raw: string;
  canonical: string;
  /** alignRawToCanonical(raw, canonical). */
  map: Int32Array;
  start: number;
  end: number;
}

/**
 * Canonical offsets of raw[start, end): via the alignment, verified against the text; when the
 * alignment went astray, search the quoted text near the mapped position instead.
 * Undefined when the span's text can't be found in the canonical text.
 */
export function mapRawSpan({ raw, canonical, map, start, end }: MapRawSpanOptions): { start: number; end: number } | undefined {
  const rawText = raw.slice(start, end);
  const want = compactText(rawText);
  if (!want) return undefined;
  const mapped = trimRange(canonical, map[start] ?? canonical.length, map[end] ?? canonical.length);
  const got = compactText(canonical.slice(mapped.start, mapped.end));
  if (got === want) return mapped;
  const found = locateQuote(canonical, rawText, mapped.start);
  if (found) return found;
  // Markup dropped inside the span ("- " of a list item): accept a mapped slice that is the raw text minus it.
  if (got && want.includes(got) && got.length >= 0.8 * want.length) return mapped;
  return undefined;
}
