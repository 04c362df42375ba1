import type { SnappedRange } from "./snap-to-tokens";
import { segmentWords } from "../text/segment-words";
import { isWhitespaceAt, normalizeRange, trimRange, widenToCodePoints } from "./text-edges";

export interface SnapToWordsOptions {
  text: string;
  start: number;
  end: number;
  /** BCP 47 locale for Intl.Segmenter (default "en"). */
  locale?: string;
  exact?: boolean;
}

/** Segmenting a whole page per selection is slow; words never cross whitespace, so a local window suffices. */
const MAX_WINDOW_REACH = 256;

/**
 * Fallback for text without model tokens: snaps a selection to Intl word boundaries (punctuation counts as its
 * own segment), trims whitespace, never splits a surrogate pair. Null when only whitespace was selected.
 */
export function snapToWords(opts: SnapToWordsOptions): SnappedRange | null {
  const { text } = opts;
  const sel = normalizeRange(text, opts.start, opts.end);
  if (opts.exact) {
    const r = widenToCodePoints(text, sel.start, sel.end);
    return r.start < r.end ? { ...r, text: text.slice(r.start, r.end) } : null;
  }
  const trimmed = trimRange(text, sel.start, sel.end);
  if (trimmed.start >= trimmed.end) return null;
  // Window: out to the nearest whitespace on each side (bounded for unspaced scripts such as CJK).
  let lo = trimmed.start;
  for (let n = 0; lo > 0 && n < MAX_WINDOW_REACH && !isWhitespaceAt(text, lo - 1); n++) lo--;
  let hi = trimmed.end;
  for (let n = 0; hi < text.length && n < MAX_WINDOW_REACH && !isWhitespaceAt(text, hi); n++) hi++;
  ({ start: lo, end: hi } = widenToCodePoints(text, lo, hi));
  let start = trimmed.start;
  let end = trimmed.end;
  for (const { start: s, end: e, segment } of segmentWords(text, { locale: opts.locale, start: lo, end: hi })) {
    if (e <= trimmed.start || s >= trimmed.end) continue;
    if (segment.trim() === "") continue;
    start = Math.min(start, s);
    end = Math.max(end, e);
  }
  const r = widenToCodePoints(text, start, end);
  const t = trimRange(text, r.start, r.end);
  return t.start < t.end ? { ...t, text: text.slice(t.start, t.end) } : null;
}
