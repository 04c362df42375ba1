import { modelSpansFromScores } from "./model-spans-from-scores";

/** A span "Accept model spans" adds (the workspace gives it an id and makes it the annotator's own). */
export type ModelSpanToAdd = { documentId: string; start: number; end: number; text: string; category: "vital"; score?: number };

export interface PlanModelSpanAcceptOptions {
  /** The scored documents, in the order of `tokenScores`. */
  results: readonly { id: string; text: string }[];
  /** Per result, the model's token probabilities (undefined: not a token model's result). */
  tokenScores: readonly ({ starts: ArrayLike<number>; ends: ArrayLike<number>; probs: ArrayLike<number> } | undefined)[];
  threshold: number;
  /** The annotation's spans: a model span it already has is not added again. */
  existing: readonly { documentId: string; start: number; end: number; category: string }[];
}

const keyOf = (s: { documentId: string; start: number; end: number; category: string }) =>
  `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;

/**
 * "Accept model spans ≥ threshold": the model's vital spans at the threshold (modelSpansFromScores) that the annotation
 * does not have yet, and the notice to show: nothing reaches the threshold, all are there already, or how many were
 * added. The editor would merge the spans it has away; leaving them out here makes the notice count only new ones.
 */
export function planModelSpanAccept({ results, tokenScores, threshold, existing }: PlanModelSpanAcceptOptions): {
  spans: ModelSpanToAdd[];
  notice: string;
} {
  const have = new Set(existing.map(keyOf));
  const spans: ModelSpanToAdd[] = [];
  let found = 0;
  results.forEach((r, i) => {
    const ts = tokenScores[i];
    if (!ts) return;
    for (const s of modelSpansFromScores({ documentId: r.id, text: r.text, starts: ts.starts, ends: ts.ends, scores: ts.probs, threshold })) {
      found++;
      if (have.has(keyOf(s))) continue;
      const span: ModelSpanToAdd = { documentId: s.documentId, start: s.start, end: s.end, text: s.text, category: "vital" };
      if (s.score !== undefined) span.score = s.score;
      spans.push(span);
    }
  });
  const p = threshold.toFixed(2);
  if (found === 0) return { spans, notice: "No token reaches the threshold." };
  if (spans.length === 0) return { spans, notice: `The model spans (p ≥ ${p}) are already in your annotation.` };
  return { spans, notice: `Added ${spans.length} model span${spans.length === 1 ? "" : "s"} (p ≥ ${p}).` };
}
