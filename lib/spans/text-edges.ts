/** Offset/character helpers shared by snapping, drift checks and validation (UTF-16 code units). */

const WHITESPACE = /\s/u;

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True when `offset` falls between the two halves of a surrogate pair. */
export function splitsSurrogatePair(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  return isHighSurrogate(text.charCodeAt(offset - 1)) && isLowSurrogate(text.charCodeAt(offset));
}

/** Widens [start, end) so neither edge splits a surrogate pair (an emoji is never cut in half). */
export function widenToCodePoints(text: string, start: number, end: number): { start: number; end: number } {
  return {
    start: splitsSurrogatePair(text, start) ? start - 1 : start,
    end: splitsSurrogatePair(text, end) ? end + 1 : end,
  };
}

export function isWhitespaceAt(text: string, offset: number): boolean {
  return WHITESPACE.test(text.charAt(offset));
}

/** Shrinks [start, end) past leading/trailing whitespace; may return an empty range. */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  while (s < e && isWhitespaceAt(text, s)) s++;
  while (e > s && isWhitespaceAt(text, e - 1)) e--;
  return { start: s, end: e };
}

/** Clamps to [0, text.length] and orders the edges (a backwards selection has start > end). */
export function normalizeRange(text: string, a: number, b: number): { start: number; end: number } {
  const clamp = (x: number) => Math.min(Math.max(Number.isFinite(x) ? Math.trunc(x) : 0, 0), text.length);
  const x = clamp(a);
  const y = clamp(b);
  return x <= y ? { start: x, end: y } : { start: y, end: x };
}
