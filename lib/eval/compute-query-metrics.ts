import type { EvidenceSpan } from "../data/types";
import type { Selection } from "../engine/types";
import { normalizeAnswer } from "./normalize-answer";
import type { QueryMetrics } from "./types";

/** A gold span counts as kept when at least this share of its characters lies in kept spans. */
export const EVIDENCE_KEPT_SHARE = 0.9;

export interface ComputeQueryMetricsOptions {
  selection: Selection;
  evidence: readonly EvidenceSpan[];
  answers?: readonly string[];
}

export function computeQueryMetrics({ selection, evidence, answers }: ComputeQueryMetricsOptions): QueryMetrics {
  const spansByResult = new Map(selection.results.map((r) => [r.resultId, r.spans]));
  let evidenceTotal = 0;
  let evidenceKept = 0;
  for (const ev of evidence) {
    const len = ev.end - ev.start;
    if (len <= 0) continue;
    evidenceTotal++;
    let inside = 0;
    for (const s of spansByResult.get(ev.resultId) ?? []) {
      inside += Math.max(0, Math.min(s.end, ev.end) - Math.max(s.start, ev.start));
    }
    if (inside >= EVIDENCE_KEPT_SHARE * len) evidenceKept++;
  }

  let answerKept: boolean | null = null;
  const golds = (answers ?? []).map(normalizeAnswer).filter(Boolean);
  if (golds.length) {
    // Spans are joined with a newline so an answer can't be matched across two spans.
    const kept = selection.results.flatMap((r) => r.spans.map((s) => normalizeAnswer(s.text)));
    answerKept = golds.some((g) => kept.some((k) => k.includes(g)));
  }
  return { evidenceTotal, evidenceKept, answerKept, tokensIn: selection.tokensIn, tokensOut: selection.tokensOut };
}
