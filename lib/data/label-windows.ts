import { segmentSentences } from "../text/segment-sentences";
import type { CanonicalDoc } from "../text/types";
import { buildWindows, type Window } from "../tokenizer/build-windows";
import { tokenRelevanceBins } from "../tokenizer/relevance-bins";
import type { WordPieceTokenizer } from "../tokenizer/wordpiece";

export interface LabeledWindow extends Window {
  /** Per position: 1 keep, 0 drop, -1 ignored (query and special tokens). */
  labels: number[];
}

export interface LabelWindowsOptions {
  tokenizer: WordPieceTokenizer;
  query: string;
  /** Canonical text of one result. */
  text: string;
  /** Gold evidence offsets into `text`. */
  evidence: ReadonlyArray<{ start: number; end: number }>;
  maxLength: number;
  overlap?: number;
  maxQueryTokens?: number;
  /** Add the sentence relevance feature to the type ids (models with typeIds "query-match-bm25"). */
  relevance?: boolean;
}

/** Canonical text is blocks joined by "\n": rebuild the blocks to segment it like the engine does. */
export function docFromCanonicalText(text: string): CanonicalDoc {
  const blocks: CanonicalDoc["blocks"] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (line.trim().length > 0) blocks.push({ start, end: start + line.length, kind: "paragraph", role: "main" });
    start += line.length + 1;
  }
  return { text, blocks };
}

/** Tokenizes a (query, result) pair into model windows with token keep labels (token overlaps evidence). */
export function labelWindows(opts: LabelWindowsOptions): LabeledWindow[] {
  const { tokenizer } = opts;
  const q = tokenizer.encode(opts.query);
  const ctx = tokenizer.encode(opts.text);
  if (ctx.ids.length === 0) return [];
  const ev = [...opts.evidence].sort((a, b) => a.start - b.start);
  const keep = new Uint8Array(ctx.ids.length);
  let e = 0;
  for (let t = 0; t < ctx.ids.length; t++) {
    const s = ctx.starts[t]!;
    const end = ctx.ends[t]!;
    while (e < ev.length && ev[e]!.end <= s) e++;
    for (let k = e; k < ev.length && ev[k]!.start < end; k++) {
      if (ev[k]!.end > s) {
        keep[t] = 1;
        break;
      }
    }
  }
  const relevanceBins = opts.relevance
    ? tokenRelevanceBins({
        query: opts.query,
        text: opts.text,
        units: segmentSentences(docFromCanonicalText(opts.text)),
        starts: ctx.starts,
        ends: ctx.ends,
      })
    : undefined;
  const windows = buildWindows({
    query: q,
    context: ctx,
    special: tokenizer.special,
    maxLength: opts.maxLength,
    overlap: opts.overlap,
    maxQueryTokens: opts.maxQueryTokens,
    relevanceBins,
  });
  return windows.map((w) => ({ ...w, labels: w.contextIndex.map((t) => (t < 0 ? -1 : keep[t]!)) }));
}
