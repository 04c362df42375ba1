import type { Span } from "./schemas";

export interface ModelSpansFromScoresOptions {
  documentId: string;
  /** The document's canonical text (the offsets point into it). */
  text: string;
  /** Offsets of the scored items: tokens (TokenScores) or units (sentences), ascending. */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** One probability/score per item. */
  scores: ArrayLike<number>;
  /** Items with score ≥ threshold are kept (same rule as selectSpans). */
  threshold: number;
  /** "model" (default) or "judge". */
  source?: "model" | "judge";
  /** Model name, stored as the span author. */
  author?: string;
}

/**
 * Turns per-token (or per-unit) scores into "vital" spans: consecutive kept items merge into one span covering the
 * text between them; span score = mean score of its items. For model-gold disagreement (characters, where merging
 * changes nothing); "Accept model spans" makes one span per unit instead (planModelSpanAccept).
 */
export function modelSpansFromScores(opts: ModelSpansFromScoresOptions): Span[] {
  const { starts, ends, scores, threshold, text } = opts;
  const out: Span[] = [];
  let runStart = -1;
  let runEnd = -1;
  let sum = 0;
  let count = 0;
  const flush = () => {
    if (count === 0) return;
    const span: Span = {
      documentId: opts.documentId,
      start: runStart,
      end: runEnd,
      text: text.slice(runStart, runEnd),
      category: "vital",
      source: opts.source ?? "model",
      score: sum / count,
    };
    if (opts.author !== undefined) span.author = opts.author;
    out.push(span);
    count = 0;
    sum = 0;
  };
  for (let i = 0; i < scores.length; i++) {
    const p = scores[i]!;
    const s = starts[i]!;
    const e = ends[i]!;
    if (!(p >= threshold) || e <= s) {
      flush();
      continue;
    }
    if (count === 0) runStart = s;
    runEnd = Math.max(runEnd, e);
    sum += p;
    count++;
  }
  flush();
  return out;
}
