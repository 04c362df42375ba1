import { buildWindows, type Window } from "../tokenizer/build-windows";
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
  const windows = buildWindows({
    query: q,
    context: ctx,
    special: tokenizer.special,
    maxLength: opts.maxLength,
    overlap: opts.overlap,
    maxQueryTokens: opts.maxQueryTokens,
  });
  return windows.map((w) => ({ ...w, labels: w.contextIndex.map((t) => (t < 0 ? -1 : keep[t]!)) }));
}
