import type { Block } from "./types";

/** Problems reported per document before giving up (the record is refused either way). */
const MAX_PROBLEMS = 5;

const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
/** An offset between the two halves of a surrogate pair. */
const splitsPair = (text: string, i: number) => i > 0 && i < text.length && isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i));

function visibleAt(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (!/\s/.test(text[i]!)) return i;
  return -1;
}

/**
 * Why `blocks` cannot be the block structure of `text` (a CanonicalDoc's), one message per problem ("blocks[2]: …", "blocks: text at …");
 * [] when it can. Blocks lie within the text, ascending, disjoint and non-empty, never splitting a surrogate pair;
 * they tile it: every visible character belongs to a block (only whitespace, the "\n" separators, lies between them);
 * a break lies strictly inside its block, ascending; a level is a heading's (1–6). Kinds and roles are the zod
 * schema's part (lib/spans/formats/gold-jsonl-schema.ts). Imports store blocks only when this is empty.
 */
export function findBlockProblems(blocks: readonly Block[], text: string): string[] {
  const problems: string[] = [];
  const add = (m: string) => problems.length < MAX_PROBLEMS && problems.push(m);
  let prevEnd = 0;
  for (const [i, b] of blocks.entries()) {
    const at = `blocks[${i}]`;
    const { start, end } = b;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > text.length) {
      add(`${at}: [${start}, ${end}) is not a non-empty range within the text (${text.length} chars)`);
      continue;
    }
    if (start < prevEnd) add(`${at}: [${start}, ${end}) starts before the previous block ends (${prevEnd}): blocks must be sorted and disjoint`);
    else {
      const stray = visibleAt(text, prevEnd, start);
      if (stray >= 0) add(`${at}: text at ${stray} (${JSON.stringify(text.slice(stray, Math.min(start, stray + 20)))}) lies in no block`);
    }
    if (splitsPair(text, start) || splitsPair(text, end)) add(`${at}: [${start}, ${end}) splits a surrogate pair`);
    if (b.level !== undefined && (b.kind !== "heading" || !Number.isInteger(b.level) || b.level < 1 || b.level > 6))
      add(`${at}: level ${b.level} on a ${b.kind} (only headings have a level, 1–6)`);
    if (b.breaks) {
      let last = start;
      for (const br of b.breaks) {
        if (!Number.isInteger(br) || br <= last || br >= end) {
          add(`${at}: break ${br} is not ascending strictly inside the block [${start}, ${end})`);
          break;
        }
        last = br;
      }
    }
    prevEnd = Math.max(prevEnd, end);
  }
  const stray = visibleAt(text, prevEnd, text.length);
  if (stray >= 0) add(`blocks: text at ${stray} (${JSON.stringify(text.slice(stray, stray + 20))}) lies in no block`);
  return problems;
}
