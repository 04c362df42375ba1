import { chunkRange } from "./segment-sentences";

/** Intl.Segmenter slows down badly on long strings (100k chars took 0.8 s here), so it only sees chunks this long. */
const CHUNK_CHARS = 2_000;

const segmenters = new Map<string, Intl.Segmenter>();

/** A cached word segmenter for `locale` ("en" when the locale is invalid). */
export function wordSegmenter(locale = "en"): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    try {
      s = new Intl.Segmenter(locale, { granularity: "word" });
    } catch {
      s = new Intl.Segmenter("en", { granularity: "word" });
    }
    segmenters.set(locale, s);
  }
  return s;
}

export interface WordSegment {
  /** End-exclusive UTF-16 offsets into the whole text. */
  start: number;
  end: number;
  segment: string;
}

/**
 * Intl word segments of text[start, end) (whitespace runs and punctuation included, as Intl reports them), fed to
 * the segmenter in chunks cut at whitespace — words never cross whitespace, so only unspaced scripts (CJK) can see
 * a word cut at a chunk edge, once per 2,000 characters.
 */
export function* segmentWords(
  text: string,
  { locale, start = 0, end = text.length }: { locale?: string; start?: number; end?: number } = {},
): Generator<WordSegment> {
  const segmenter = wordSegmenter(locale);
  for (const [cs, ce] of chunkRange(text, start, end, CHUNK_CHARS, false)) {
    for (const seg of segmenter.segment(text.slice(cs, ce))) {
      yield { start: cs + seg.index, end: cs + seg.index + seg.segment.length, segment: seg.segment };
    }
  }
}
