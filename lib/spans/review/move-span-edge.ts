import { segmentWords } from "../../text/segment-words";

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** How far to look for the next word (a long run of punctuation or markup between two words is rare). */
const REACH = 400;

export type MoveSpanEdgeOptions = {
  text: string;
  start: number;
  end: number;
  edge: "start" | "end";
  /** -1: the edge moves left (start: take in the previous word; end: give back the last word); +1: right. */
  direction: -1 | 1;
};

/**
 * A reviewer's edit of a version, one word at a time: the edge moves to the next word boundary in that direction,
 * so an edited span still starts and ends on whole words (punctuation right after a word travels with it). Returns
 * the span unchanged when the move would leave the text or empty the span.
 */
export function moveSpanEdge({ text, start, end, edge, direction }: MoveSpanEdgeOptions): { start: number; end: number; text: string } {
  const same = { start, end, text: text.slice(start, end) };
  const at = edge === "start" ? start : end;
  const lo = Math.max(0, at - REACH);
  const hi = Math.min(text.length, at + REACH);
  const words = [...segmentWords(text, { start: lo, end: hi })].filter((w) => LETTER_OR_DIGIT.test(w.segment));
  let next: number | undefined;
  if (edge === "start") {
    // Start edges sit on a word's start.
    next = direction < 0 ? words.filter((w) => w.start < at).at(-1)?.start : words.find((w) => w.start > at)?.start;
  } else {
    // End edges sit after a word, with the punctuation that closes it (".", ")", "," up to the next space).
    const close = (w: { end: number }) => {
      let e = w.end;
      while (e < text.length && !/\s/u.test(text[e]!) && !LETTER_OR_DIGIT.test(text[e]!)) e++;
      return e;
    };
    next =
      direction < 0
        ? words
            .filter((w) => close(w) < at)
            .map(close)
            .at(-1)
        : words.filter((w) => w.end > at).map(close)[0];
  }
  if (next === undefined) return same;
  const s = edge === "start" ? next : start;
  const e = edge === "end" ? next : end;
  if (e <= s) return same;
  return { start: s, end: e, text: text.slice(s, e) };
}
