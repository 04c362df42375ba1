import { segmentWords } from "../../text/segment-words";
import type { TokenOffsets } from "./token-kappa";

/**
 * Word tokens for token-level kappa when no model tokenizer is at hand: every Intl word segment that is not only
 * whitespace (punctuation counts as its own token), as end-exclusive UTF-16 offsets. Deterministic and
 * model-independent, so agreement numbers do not change when the model does.
 */
export function wordTokenOffsets({ text, locale = "en" }: { text: string; locale?: string }): TokenOffsets & { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const seg of segmentWords(text, { locale })) {
    if (/^\s*$/u.test(seg.segment)) continue;
    starts.push(seg.start);
    ends.push(seg.end);
  }
  return { starts, ends };
}
