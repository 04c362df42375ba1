import type { LlmExtract, Selection } from "../types";
import { checkFidelity, type FidelityPiece, type FidelityReport, type FidelityViolation } from "./check-fidelity";

/**
 * A query's checked pieces by result, start and end (runEval's, per query): a sweep's selections of one query share
 * most spans, and a located piece's violations depend only on its source text, range and output.
 */
export type FidelityMemo = Map<string, { output: string; violations: FidelityViolation[] }>;

/**
 * The fidelity check of one selection: every kept span (its text is the source slice, so only what its edges cut off
 * can be wrong) and, for LLM methods, every extract the LLM wrote that lies in a kept span (checked as written) or
 * could not be located at all (absent from the source).
 */
export function selectionFidelity({
  results,
  selection,
  extracts,
  memo,
}: {
  results: readonly { id: string; doc: { text: string } }[];
  selection: {
    results: readonly {
      resultId: string;
      spans: readonly Pick<Selection["results"][number]["spans"][number], "resultId" | "start" | "end" | "text">[];
    }[];
  };
  extracts?: readonly LlmExtract[];
  memo?: FidelityMemo;
}): FidelityReport {
  const texts = new Map(results.map((r) => [r.id, r.doc.text]));
  const pieces: FidelityPiece[] = [];
  for (const r of selection.results) for (const s of r.spans) pieces.push({ resultId: s.resultId, output: s.text, start: s.start, end: s.end });
  for (const e of extracts ?? []) {
    if (e.start === undefined || e.end === undefined) {
      pieces.push({ resultId: e.resultId, output: e.text });
      continue;
    }
    const kept = selection.results.find((r) => r.resultId === e.resultId)?.spans.some((s) => s.start < e.end! && e.start! < s.end);
    if (kept) pieces.push({ resultId: e.resultId, output: e.text, start: e.start, end: e.end });
  }
  if (!memo) return checkFidelity({ texts, pieces });
  // checkFidelity piece by piece gives the same violations in the same order.
  const violations: FidelityViolation[] = [];
  for (const piece of pieces) {
    const key = piece.start === undefined || piece.end === undefined ? null : `${piece.resultId}\u0000${piece.start}\u0000${piece.end}`;
    const hit = key === null ? undefined : memo.get(key);
    if (hit && hit.output === piece.output) {
      violations.push(...hit.violations);
      continue;
    }
    const found = checkFidelity({ texts, pieces: [piece] }).violations;
    if (key !== null) memo.set(key, { output: piece.output, violations: found });
    violations.push(...found);
  }
  return { checked: pieces.length, violations };
}
