import type { LlmExtract, Selection } from "../engine/types";
import { checkFidelity, type FidelityPiece, type FidelityReport } from "./check-fidelity";

/**
 * The fidelity check of one selection: every kept span (its text is the source slice, so only what its edges cut off
 * can be wrong) and, for LLM methods, every extract the LLM wrote that lies in a kept span (checked as written) or
 * could not be located at all (absent from the source).
 */
export function selectionFidelity({
  results,
  selection,
  extracts,
}: {
  results: readonly { id: string; doc: { text: string } }[];
  selection: {
    results: readonly {
      resultId: string;
      spans: readonly Pick<Selection["results"][number]["spans"][number], "resultId" | "start" | "end" | "text">[];
    }[];
  };
  extracts?: readonly LlmExtract[];
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
  return checkFidelity({ texts, pieces });
}
