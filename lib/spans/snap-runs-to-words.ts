import { trimRange } from "./text-edges";
import { segmentWords } from "../text/segment-words";

export interface SnapRunsToWordsOptions<T extends { start: number; end: number; category: unknown }> {
  text: string;
  /** Sorted, non-overlapping runs (e.g. the model's category per token, merged). */
  runs: readonly T[];
  /** BCP 47 locale for Intl.Segmenter (default "en"). */
  locale?: string;
}

/**
 * Runs moved so that none starts or ends inside a word: a word that runs share ("doc|s", "AbortS|ignal": its sub-word
 * tokens got different categories) goes whole to the category covering most of its characters (the earlier one on a
 * tie) — to that category's first run there; the others stop at the word's edge (whitespace trimmed), and a run left
 * without characters is dropped. The runs stay sorted and disjoint (two of one category may now touch: the caller
 * merges them if it wants). Words are Intl word segments (as wordAround has them), so a CJK word is never cut either.
 */
export function snapRunsToWords<T extends { start: number; end: number; category: unknown }>({ text, runs, locale }: SnapRunsToWordsOptions<T>): T[] {
  if (runs.length === 0) return [];
  const wordAt = wordIndex(text, locale);
  const words = new Map<number, { start: number; end: number }>();
  for (const r of runs) {
    for (const offset of [r.start, r.end]) {
      const w = wordAt(offset);
      if (w) words.set(w.start, w);
    }
  }
  if (words.size === 0) return runs.slice();

  const starts = runs.map((r) => r.start);
  const ends = runs.map((r) => r.end);
  const dropped = new Uint8Array(runs.length);
  for (const w of words.values()) {
    // The runs overlapping the word (runs are sorted: the first whose end passes the word's start, then onwards).
    let lo = 0;
    let hi = runs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (runs[mid]!.end <= w.start) lo = mid + 1;
      else hi = mid;
    }
    const inWord: number[] = [];
    for (let i = lo; i < runs.length && runs[i]!.start < w.end; i++) if (runs[i]!.end > w.start) inWord.push(i);
    if (inWord.length === 0) continue;
    // Characters of the word per category (in order of first appearance, so a tie goes to the earlier one).
    const covered = new Map<unknown, { chars: number; first: number }>();
    for (const i of inWord) {
      const n = Math.min(runs[i]!.end, w.end) - Math.max(runs[i]!.start, w.start);
      const c = covered.get(runs[i]!.category);
      if (c) c.chars += n;
      else covered.set(runs[i]!.category, { chars: n, first: i });
    }
    let owner = inWord[0]!;
    let best = -1;
    for (const c of covered.values()) {
      if (c.chars > best) {
        best = c.chars;
        owner = c.first;
      }
    }
    // Each run edge lies in at most one word, so the words' changes never touch the same edge twice.
    for (const i of inWord) {
      const r = runs[i]!;
      if (i === owner) {
        if (r.start > w.start) starts[i] = w.start;
        if (r.end < w.end) ends[i] = w.end;
      } else if (r.start >= w.start && r.end <= w.end) dropped[i] = 1;
      else if (r.start > w.start) starts[i] = w.end;
      else ends[i] = w.start;
    }
  }

  const out: T[] = [];
  runs.forEach((r, i) => {
    if (dropped[i]) return;
    const t = trimRange(text, starts[i]!, ends[i]!);
    if (t.end <= t.start) return;
    out.push(t.start === r.start && t.end === r.end ? r : { ...r, start: t.start, end: t.end });
  });
  return out;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The word (an Intl word segment with a letter or digit, as wordAround has it) an offset falls strictly inside, or
 * null. One pass of the segmenter over the text and a binary search per offset: wordAround segments a window per
 * offset, which costs seconds on a long CJK page whose every few characters change category.
 */
function wordIndex(text: string, locale: string | undefined): (offset: number) => { start: number; end: number } | null {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const seg of segmentWords(text, locale ? { locale } : {})) {
    if (seg.end - seg.start > 1 && LETTER_OR_DIGIT.test(seg.segment)) {
      starts.push(seg.start);
      ends.push(seg.end);
    }
  }
  return (offset) => {
    // The last word starting before the offset.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    const k = lo - 1;
    return k >= 0 && ends[k]! > offset ? { start: starts[k]!, end: ends[k]! } : null;
  };
}
