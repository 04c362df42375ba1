// One pair's curve: downstream tokens kept against gold evidence kept, threshold by threshold (the workspace's small
// per-pair chart). The same selection and the same "kept" rule as `snippet-lab eval`. Pure and client-safe.
import { selectWithProfile } from "../engine/select-with-profile";
import type { SelectionProfile } from "../engine/profile";
import type { SelectableResult } from "../engine/types";
import type { EvidenceSpan } from "../data/types";
import { computeQueryMetrics } from "./compute-query-metrics";

export interface PairCurvePoint {
  threshold: number;
  tokensOut: number;
  evidenceKept: number;
  evidenceTotal: number;
}

export function computePairCurve(o: {
  results: readonly SelectableResult[];
  unitScores: ReadonlyArray<ReadonlyArray<number>>;
  evidence: readonly EvidenceSpan[];
  thresholds: readonly number[];
  /** The budget every point shares (the current one). */
  budget: number;
  /** The method's profile: every point selects as the current setting does, at its own threshold. */
  profile: SelectionProfile;
}): PairCurvePoint[] {
  return o.thresholds.map((threshold) => {
    const selection = selectWithProfile({ results: o.results, unitScores: o.unitScores, budget: o.budget, threshold, profile: o.profile });
    const m = computeQueryMetrics({ selection, evidence: o.evidence });
    return { threshold, tokensOut: selection.tokensOut, evidenceKept: m.evidenceKept, evidenceTotal: m.evidenceTotal };
  });
}
