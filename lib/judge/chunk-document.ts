import type { DocumentChunk, TextRange } from "./types";

export type ChunkDocumentOptions = {
  text: string;
  /** The document's blocks (lib/text Block ranges); lines of `text` when absent or empty. */
  blocks?: readonly TextRange[] | null;
  /** Largest chunk, in UTF-16 code units of document text (the prompt adds block numbers on top). */
  maxChars: number;
};

/** Non-blank lines of `text`, trimmed, as ranges: the fallback when a document has no stored blocks. */
function lineRanges(text: string): TextRange[] {
  const out: TextRange[] = [];
  const re = /[^\n]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let start = m.index;
    let end = start + m[0].length;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) out.push({ start, end });
  }
  return out;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Where to cut a too-long block at or before `limit`: a sentence end, else whitespace, else a hard cut. */
function cutPoint(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit);
  const minCut = Math.floor(window.length / 2); // never cut so early that pieces become tiny
  // Latin-style ends need following whitespace; CJK full stops do not (no spaces between sentences).
  const sentence = /[.!?…]["'»”’)\]]*\s+|[。！？]["'»”’)\]]*\s*/g;
  let best = -1;
  for (let m = sentence.exec(window); m; m = sentence.exec(window)) {
    const at = m.index + m[0].length;
    if (at >= minCut) best = at;
  }
  if (best < 0) {
    const space = window.search(/\s\S*$/);
    if (space >= minCut) best = space + 1;
  }
  let cut = best > 0 ? start + best : limit;
  // Never split a surrogate pair (an emoji's halves would end up in different requests).
  if (cut < text.length && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
  return cut;
}

/** Splits blocks longer than `maxChars` into pieces (trimmed), so every piece fits a chunk. */
function splitLongBlocks(text: string, blocks: readonly TextRange[], maxChars: number): TextRange[] {
  const out: TextRange[] = [];
  for (const b of blocks) {
    let start = b.start;
    while (b.end - start > maxChars) {
      const cut = cutPoint(text, start, start + maxChars);
      let end = cut;
      while (end > start && /\s/.test(text[end - 1]!)) end--;
      if (end > start) out.push({ start, end });
      start = cut;
      while (start < b.end && /\s/.test(text[start]!)) start++;
    }
    if (b.end > start) out.push({ start, end: b.end });
  }
  return out;
}

/**
 * Splits a document into chunks of whole blocks whose covered text (first block start to last block end, separators
 * included) stays within `maxChars`; a block longer than that is split at sentence or word boundaries first.
 * Matches found in a chunk's text are offset by `chunk.start`.
 */
export function chunkDocument({ text, blocks, maxChars }: ChunkDocumentOptions): DocumentChunk[] {
  if (!(maxChars >= 1)) throw new RangeError(`maxChars must be at least 1, got ${maxChars}`);
  const valid = (blocks ?? [])
    .filter((b) => Number.isInteger(b.start) && Number.isInteger(b.end) && 0 <= b.start && b.start < b.end && b.end <= text.length)
    .map((b) => ({ start: b.start, end: b.end }))
    .sort((a, b) => a.start - b.start);
  const ranges = splitLongBlocks(text, valid.length > 0 ? valid : lineRanges(text), maxChars);

  const chunks: DocumentChunk[] = [];
  let current: DocumentChunk | null = null;
  for (const r of ranges) {
    if (current && r.end - current.start <= maxChars) {
      current.blocks.push(r);
      current.end = Math.max(current.end, r.end);
      continue;
    }
    current = { start: r.start, end: r.end, blocks: [r] };
    chunks.push(current);
  }
  return chunks;
}
