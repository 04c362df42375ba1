import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import type { Span } from "./schemas";

export interface CategorySpansFromTokensOptions {
  documentId: string;
  text: string;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** Per token: the model's category (index into SPAN_CATEGORIES). */
  categories: ArrayLike<number>;
  /** Categories to leave out (default off-topic: most of a page, drawn it would hide everything else). */
  skip?: readonly SpanCategory[];
  author?: string;
}

/**
 * The model's category head as spans: consecutive tokens with the same predicted category merge into one span
 * (covering the text between them), so the workspace can draw why the model drops what it drops.
 */
export function categorySpansFromTokens(opts: CategorySpansFromTokensOptions): Span[] {
  const skip = new Set(opts.skip ?? ["off_topic"]);
  const out: Span[] = [];
  let cat = -1;
  let start = 0;
  let end = 0;
  const flush = () => {
    const category = SPAN_CATEGORIES[cat];
    if (category && !skip.has(category) && end > start) {
      const span: Span = { documentId: opts.documentId, start, end, text: opts.text.slice(start, end), category, source: "model" };
      if (opts.author !== undefined) span.author = opts.author;
      out.push(span);
    }
  };
  const n = Math.min(opts.starts.length, opts.ends.length, opts.categories.length);
  for (let i = 0; i < n; i++) {
    const c = opts.categories[i]!;
    // A new block (a newline between tokens) ends a run, so spans never cross blocks.
    const crossesBlock = cat >= 0 && opts.text.slice(end, opts.starts[i]!).includes("\n");
    if (c !== cat || crossesBlock) {
      if (cat >= 0) flush();
      cat = c;
      start = opts.starts[i]!;
    }
    end = opts.ends[i]!;
  }
  if (cat >= 0) flush();
  return out;
}
