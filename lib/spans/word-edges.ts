import { segmentWords } from "../text/segment-words";
import { isWhitespaceAt } from "./text-edges";

/** Words never cross whitespace; the reach bounds the window for unspaced scripts (CJK), as snapToWords does. */
const MAX_WINDOW_REACH = 256;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export interface WordEdgeOptions {
  text: string;
  /** BCP 47 locale for Intl.Segmenter (default "en"). */
  locale?: string;
}

/**
 * The word (an Intl word segment with a letter or digit) that `offset` falls strictly inside, or null when the offset
 * is a word boundary: between two words, next to whitespace or punctuation, or at either end of the text.
 */
export function wordAround({ text, offset, locale }: WordEdgeOptions & { offset: number }): { start: number; end: number } | null {
  if (offset <= 0 || offset >= text.length || isWhitespaceAt(text, offset) || isWhitespaceAt(text, offset - 1)) return null;
  let lo = offset;
  for (let n = 0; lo > 0 && n < MAX_WINDOW_REACH && !isWhitespaceAt(text, lo - 1); n++) lo--;
  let hi = offset;
  for (let n = 0; hi < text.length && n < MAX_WINDOW_REACH && !isWhitespaceAt(text, hi); n++) hi++;
  for (const seg of segmentWords(text, { ...(locale ? { locale } : {}), start: lo, end: hi })) {
    if (seg.end <= offset) continue;
    if (seg.start >= offset) return null;
    return LETTER_OR_DIGIT.test(seg.segment) ? { start: seg.start, end: seg.end } : null;
  }
  return null;
}

/** True when `offset` does not cut a word ("fetch" is never split into "fet" + "ch"). */
export function isWordBoundary(opts: WordEdgeOptions & { offset: number }): boolean {
  return wordAround(opts) === null;
}

/** A span starting or ending inside a word: a fragment such as "ch" of `fetch` or "Abor" of `AbortController`. */
export function isWordFragment({ text, start, end, locale }: WordEdgeOptions & { start: number; end: number }): boolean {
  const o = locale ? { text, locale } : { text };
  return !isWordBoundary({ ...o, offset: start }) || !isWordBoundary({ ...o, offset: end });
}

/** Text without a letter or digit: "(", ")", "?" alone are never evidence. */
export function isPunctuationOnly(text: string): boolean {
  return !LETTER_OR_DIGIT.test(text);
}

/**
 * A span widened so both edges fall on word boundaries (an edge inside a word moves out to the word's edge; an edge
 * already on a boundary stays). Machine-made spans (model scores, judge quotes, token snapping) pass through it before
 * they are stored; a person's exact (Alt) selection does not.
 */
export function snapSpanToWords({ text, start, end, locale }: WordEdgeOptions & { start: number; end: number }): {
  start: number;
  end: number;
  text: string;
} {
  const o = locale ? { text, locale } : { text };
  const s = wordAround({ ...o, offset: start })?.start ?? start;
  const e = wordAround({ ...o, offset: end })?.end ?? end;
  return { start: s, end: e, text: text.slice(s, e) };
}
