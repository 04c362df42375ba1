import type { CanonicalDoc, Sentence } from "./types";

export interface SegmentSentencesOptions {
  /** BCP 47 locale for Intl.Segmenter; default "en" (invalid locales fall back to "en"). */
  locale?: string;
  /** Merge up to N consecutive sentences of one block into one unit (1..3, default 1). */
  fragmentSize?: number;
}

/** Intl.Segmenter is pathologically slow on huge strings, so it only ever sees chunks this long. */
const CHUNK_CHARS = 2_000;
/** No unit longer than this: run-on "sentences" (lists, CJK without punctuation) are cut. */
const MAX_SENTENCE_CHARS = 1_000;

/** Abbreviations that (almost) never end a sentence: merge the split whatever follows. */
const ALWAYS_JOIN = new Set([
  "dr.",
  "mr.",
  "mrs.",
  "ms.",
  "prof.",
  "st.",
  "vs.",
  "v.",
  "mt.",
  "gen.",
  "sen.",
  "rep.",
  "gov.",
  "lt.",
  "col.",
  "capt.",
  "rev.",
  "hon.",
  "mme.",
  "mlle.",
  "hr.",
  "ca.",
  "sig.",
  "dott.",
  "ing.",
  "avv.",
  "sig.ra",
  "ім.",
  "вул.",
  "р.",
  "проф.",
  "д-р.",
]);
/** Abbreviations that often end a sentence: only merged when the next one starts in lowercase. */
const LOWER_ONLY = new Set(["etc.", "ecc.", "usw.", "т.д.", "т.п.", "тощо.", "др.", "inc.", "ltd.", "co."]);
/** Abbreviations followed by a number: "No. 5", "p. 12", "Art. 3". */
const BEFORE_DIGIT = new Set(["no.", "nr.", "n.", "p.", "pp.", "vol.", "fig.", "art.", "pag.", "cap.", "ch.", "sec.", "№."]);

const SENTENCE_END = ".!?…";
const CJK_END = "。！？";
const SOFT_BREAK = "，、；,;：:";

let segmenters = new Map<string, Intl.Segmenter>();

/**
 * Split each block of a canonical document into sentences (or fragments of `fragmentSize` sentences),
 * with offsets into `doc.text` trimmed to non-space characters. Sentences never cross blocks, nor a block's
 * `breaks` (a run-in heading and its paragraph share a block, never a unit).
 */
export function segmentSentences(doc: CanonicalDoc, opts: SegmentSentencesOptions = {}): Sentence[] {
  const text = doc.text;
  const segmenter = getSegmenter(opts.locale ?? "en");
  const fragmentSize = Math.min(3, Math.max(1, Math.trunc(opts.fragmentSize ?? 1) || 1));
  const out: Sentence[] = [];

  doc.blocks.forEach((block, blockIndex) => {
    const start = Math.max(0, Math.min(block.start, text.length));
    const end = Math.max(start, Math.min(block.end, text.length));
    let from = start;
    for (const at of [...(block.breaks ?? []).filter((b) => b > start && b < end), end]) {
      if (at <= from) continue;
      const units = segmentRange(text, from, at, segmenter);
      for (let i = 0; i < units.length; i += fragmentSize) {
        const first = units[i];
        const last = units[Math.min(i + fragmentSize, units.length) - 1];
        if (first && last) out.push({ start: first[0], end: last[1], block: blockIndex });
      }
      from = at;
    }
  });
  return out;
}

/** The sentences of text[start, end): segmented in chunks, abbreviations joined, run-ons cut. */
function segmentRange(text: string, start: number, end: number, segmenter: Intl.Segmenter): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const [cs, ce] of chunkRange(text, start, end, CHUNK_CHARS, true)) {
    for (const seg of segmenter.segment(text.slice(cs, ce))) {
      const span = trimSpan(text, cs + seg.index, cs + seg.index + seg.segment.length);
      if (span) spans.push(span);
    }
  }
  return joinAbbreviations(text, spans).flatMap(([s, e]) =>
    chunkRange(text, s, e, MAX_SENTENCE_CHARS, false, true)
      .map(([a, b]) => trimSpan(text, a, b))
      .filter((x): x is [number, number] => x !== undefined),
  );
}

function getSegmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    try {
      s = new Intl.Segmenter(locale, { granularity: "sentence" });
    } catch {
      s = new Intl.Segmenter("en", { granularity: "sentence" });
    }
    if (segmenters.size > 50) segmenters = new Map();
    segmenters.set(locale, s);
  }
  return s;
}

function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/.test(ch);
}

/** Shrink [s, e) so it starts and ends on non-whitespace; undefined when nothing is left. */
function trimSpan(text: string, s: number, e: number): [number, number] | undefined {
  while (s < e && isSpace(text[s])) s++;
  while (e > s && isSpace(text[e - 1])) e--;
  return e > s ? [s, e] : undefined;
}

/**
 * Cut [start, end) into pieces of at most `max` chars, preferring (optionally) sentence ends, then whitespace,
 * then CJK/Latin commas, and never a surrogate pair or ZWJ sequence. `balanced` makes pieces similar in size.
 */
export function chunkRange(text: string, start: number, end: number, max: number, sentenceFirst: boolean, balanced = false): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let pos = start;
  while (end - pos > max) {
    const size = balanced ? Math.ceil((end - pos) / Math.ceil((end - pos) / max)) : max;
    const cut = findCut(text, pos, pos + size, sentenceFirst);
    out.push([pos, cut]);
    pos = cut;
  }
  if (end > pos) out.push([pos, end]);
  return out;
}

function findCut(text: string, pos: number, limit: number, sentenceFirst: boolean): number {
  const lo = pos + Math.floor((limit - pos) / 2);
  if (sentenceFirst) {
    for (let i = limit; i > lo; i--) {
      const c = text[i - 1] ?? "";
      if (CJK_END.includes(c) || (SENTENCE_END.includes(c) && isSpace(text[i]))) return i;
    }
  }
  for (let i = limit; i > lo; i--) if (isSpace(text[i])) return i;
  for (let i = limit; i > lo; i--) if (SOFT_BREAK.includes(text[i - 1] ?? "")) return i;
  // Hard cut: step back out of a surrogate pair or a joined emoji / combining sequence.
  let i = limit;
  while (i > pos + 1 && isJoined(text, i)) i--;
  return i;
}

function isJoined(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const p = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff) return true;
  if (c === 0x200d || p === 0x200d || c === 0xfe0f || c === 0xfe0e) return true;
  return c >= 0x0300 && c <= 0x036f;
}

/** Undo Intl.Segmenter splits after abbreviations and initials ("Dr. Smith", "J. R. R. Tolkien", "z. B."). */
function joinAbbreviations(text: string, spans: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const span of spans) {
    const prev = out[out.length - 1];
    if (prev && shouldJoin(text, prev, span)) prev[1] = span[1];
    else out.push([span[0], span[1]]);
  }
  return out;
}

function shouldJoin(text: string, prev: [number, number], next: [number, number]): boolean {
  const tailStart = Math.max(prev[0], prev[1] - 60);
  const tail = text.slice(tailStart, prev[1]);
  const head = text.slice(next[0], Math.min(next[1], next[0] + 8)).replace(/^["'“‘«(\[]+/, "");
  const tokens = tail.split(/\s+/);
  const token = (tokens[tokens.length - 1] ?? "").replace(/^["'“‘«(\[]+/, "");
  // Drop an elided article ("L'ing.", "dell'avv.") so the abbreviation itself is matched.
  const lower = token.toLowerCase().replace(/^\p{L}{1,4}['’]/u, "");
  const nextStartsLower = /^\p{Ll}/u.test(head);

  if (nextStartsLower && /[.…]$/.test(token)) return true;
  if (!token.endsWith(".")) return false;
  if (LOWER_ONLY.has(lower)) return false;
  if (ALWAYS_JOIN.has(lower)) return true;
  if (BEFORE_DIGIT.has(lower) && /^\d/.test(head)) return true;
  if (lower === "z." && /^B\./.test(head)) return true;
  // Dotted acronyms: U.S., e.g., i.e.
  if (/^(\p{L}\.){2,}$/u.test(token)) return true;
  // Initials: "J. R. R. Tolkien", "George W. Bush" — but not "vitamin C. The".
  if (/^\p{Lu}\.$/u.test(token) && /^\p{Lu}/u.test(head)) {
    const before = tokens.length >= 2 ? tokens[tokens.length - 2] : undefined;
    const atSentenceStart = tokens.length === 1 && tailStart === prev[0];
    return atSentenceStart || (before !== undefined && /^\p{Lu}/u.test(before));
  }
  return false;
}
