import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import type { Span } from "./schemas";
import { snapRunsToWords } from "./snap-runs-to-words";

export interface CategorySpansFromTokensOptions {
  documentId: string;
  text: string;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** Per token: the model's category (index into SPAN_CATEGORIES). */
  categories: ArrayLike<number>;
  /** Categories to leave out (default off-topic: most of a page, drawn it would hide everything else). */
  skip?: readonly SpanCategory[];
  /**
   * Move the runs' edges to word edges (snapRunsToWords): a word whose sub-word tokens got different categories goes
   * whole to one run. For what a person sees (the workspace's categories layer, which units "Accept model spans"
   * takes); the research breakdowns keep the tokens' own edges.
   */
  wordEdges?: boolean;
  author?: string;
}

/**
 * The model's category head as spans: consecutive tokens with the same predicted category merge into one span
 * (covering the text between them), so the workspace can draw why the model drops what it drops.
 */
export function categorySpansFromTokens(opts: CategorySpansFromTokensOptions): Span[] {
  const skip = new Set(opts.skip ?? ["off_topic"]);
  const runs: { category: SpanCategory; start: number; end: number }[] = [];
  let cat = -1;
  let start = 0;
  let end = 0;
  const flush = () => {
    const category = SPAN_CATEGORIES[cat];
    if (category && end > start) runs.push({ category, start, end });
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
  // Snapped before the skipped categories are left out: a word an off-topic run shares goes whole to one side.
  const shown = opts.wordEdges ? mergeRuns(opts.text, snapRunsToWords({ text: opts.text, runs })) : runs;
  return shown
    .filter((r) => !skip.has(r.category))
    .map(({ category, start: s, end: e }) => {
      const span: Span = { documentId: opts.documentId, start: s, end: e, text: opts.text.slice(s, e), category, source: "model" };
      if (opts.author !== undefined) span.author = opts.author;
      return span;
    });
}

/** Runs of one category that snapping left side by side (a word between them went elsewhere) become one again. */
function mergeRuns<T extends { category: SpanCategory; start: number; end: number }>(text: string, runs: readonly T[]): T[] {
  const out: T[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.category === r.category && !text.slice(last.end, r.start).includes("\n")) out[out.length - 1] = { ...last, end: r.end };
    else out.push(r);
  }
  return out;
}
