import type { TokenOffsets } from "./token-kappa";

const segmenters = new Map<string, Intl.Segmenter>();
function wordSegmenter(locale: string): Intl.Segmenter {
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

/**
 * Word tokens for token-level kappa when no model tokenizer is at hand: every Intl word segment that is not only
 * whitespace (punctuation counts as its own token), as end-exclusive UTF-16 offsets. Deterministic and
 * model-independent, so agreement numbers do not change when the model does.
 */
export function wordTokenOffsets({ text, locale = "en" }: { text: string; locale?: string }): TokenOffsets & { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const seg of wordSegmenter(locale).segment(text)) {
    if (/^\s*$/u.test(seg.segment)) continue;
    starts.push(seg.index);
    ends.push(seg.index + seg.segment.length);
  }
  return { starts, ends };
}
