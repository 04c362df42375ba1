import { normalizeRange, trimRange, widenToCodePoints } from "./text-edges";

export interface SnappedRange {
  start: number;
  end: number;
  /** text.slice(start, end). */
  text: string;
}

export interface SnapToTokensOptions {
  /** The document's canonical text. */
  text: string;
  /** Raw selection edges (either order; clamped to the text). */
  start: number;
  end: number;
  /** End-exclusive UTF-16 token offsets, ascending (e.g. WordPieceTokenizer.encode(text)). */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** Keep the selected characters as they are (modifier key); only surrogate halves are still widened. */
  exact?: boolean;
}

/**
 * Snaps a character selection to token edges: partially selected tokens are covered whole, surrounding whitespace
 * is trimmed, and no edge ever lands inside a surrogate pair. Characters no token covers (control characters) are
 * kept as selected. Returns null when nothing but whitespace was selected.
 */
export function snapToTokens(opts: SnapToTokensOptions): SnappedRange | null {
  const { text, starts, ends } = opts;
  const sel = normalizeRange(text, opts.start, opts.end);
  if (opts.exact) return finish(text, widenToCodePoints(text, sel.start, sel.end), false);
  const trimmed = trimRange(text, sel.start, sel.end);
  if (trimmed.start >= trimmed.end) return null;
  let { start, end } = trimmed;
  // Tokens are ascending and never overlap, so ends are ascending too: binary search the first token ending after start.
  let i = firstEndingAfter(ends, start);
  for (; i < starts.length && starts[i]! < trimmed.end; i++) {
    start = Math.min(start, starts[i]!);
    end = Math.max(end, ends[i]!);
  }
  return finish(text, widenToCodePoints(text, start, end), true);
}

function finish(text: string, r: { start: number; end: number }, trim: boolean): SnappedRange | null {
  const { start, end } = trim ? trimRange(text, r.start, r.end) : r;
  return start < end ? { start, end, text: text.slice(start, end) } : null;
}

/** Index of the first token whose end is > offset (ends.length when none). */
export function firstEndingAfter(ends: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
