/** A span "Accept model spans" adds (the workspace gives it an id and makes it the annotator's own). */
export type ModelSpanToAdd = { documentId: string; start: number; end: number; text: string; category: "vital"; score?: number };

export interface PlanModelSpanAcceptOptions {
  /** The scored documents: their text and units (sentences or fragments), in selection order. */
  results: readonly { id: string; text: string; units: readonly { start: number; end: number }[] }[];
  /** Per result, the indexes of the units the selection keeps (ascending); undefined: nothing scored. */
  keptUnits: readonly (readonly number[] | undefined)[];
  /** Per result, one score per unit (the span's score is the mean of its units'). */
  unitScores: readonly (ArrayLike<number> | undefined)[];
  threshold: number;
  /** The annotation's spans: a model span it already has is not added again. */
  existing: readonly { documentId: string; start: number; end: number; category: string }[];
}

const keyOf = (s: { documentId: string; start: number; end: number; category: string }) =>
  `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;

/**
 * "Accept model spans ≥ threshold": the units the selection keeps at the threshold, whole (never a run of tokens that
 * starts or ends inside a word), adjacent ones merged into one span covering the text between them; the spans the
 * annotation does not have yet, and the notice to show: nothing is kept, all are there already, or how many were
 * added. The editor would merge the spans it has away; leaving them out here makes the notice count only new ones.
 */
export function planModelSpanAccept({ results, keptUnits, unitScores, threshold, existing }: PlanModelSpanAcceptOptions): {
  spans: ModelSpanToAdd[];
  notice: string;
} {
  const have = new Set(existing.map(keyOf));
  const spans: ModelSpanToAdd[] = [];
  let found = 0;
  results.forEach((r, i) => {
    const kept = keptUnits[i];
    if (!kept) return;
    const scores = unitScores[i];
    let run: { first: number; last: number } | undefined;
    const flush = () => {
      if (!run) return;
      const start = r.units[run.first]!.start;
      const end = r.units[run.last]!.end;
      run = undefined;
      if (end <= start) return;
      found++;
      const span: ModelSpanToAdd = { documentId: r.id, start, end, text: r.text.slice(start, end), category: "vital" };
      if (have.has(keyOf(span))) return;
      if (scores) span.score = sumOf(scores, r.units, start, end);
      spans.push(span);
    };
    for (const u of kept) {
      if (!r.units[u]) continue;
      if (run && u === run.last + 1) run.last = u;
      else {
        flush();
        run = { first: u, last: u };
      }
    }
    flush();
  });
  const p = threshold.toFixed(2);
  if (found === 0) return { spans, notice: "The selection keeps no text at this threshold." };
  if (spans.length === 0) return { spans, notice: `The model spans (p ≥ ${p}) are already in your annotation.` };
  return { spans, notice: `Added ${spans.length} model span${spans.length === 1 ? "" : "s"} (p ≥ ${p}).` };
}

/** Mean score of the units inside [start, end). */
function sumOf(scores: ArrayLike<number>, units: readonly { start: number; end: number }[], start: number, end: number): number {
  let sum = 0;
  let n = 0;
  units.forEach((u, i) => {
    if (u.start >= start && u.end <= end) {
      sum += scores[i] ?? 0;
      n++;
    }
  });
  return n > 0 ? sum / n : 0;
}
