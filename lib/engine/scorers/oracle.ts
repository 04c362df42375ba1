import type { Scorer, UnitScores } from "../types";

export interface OracleOptions {
  /** Gold evidence per result id: offsets into that result's canonical text. */
  evidence: ReadonlyMap<string, ReadonlyArray<{ start: number; end: number }>>;
}

/** Below the default floor (0.02), so the oracle keeps nothing when a result set has no evidence. */
const NON_EVIDENCE_MAX = 0.01;

/**
 * Evaluation upper bound: 1 for units overlapping gold evidence; other units get small scores
 * decreasing with position (lead order) so a larger budget is filled like truncation would.
 */
export function createOracleScorer(opts: OracleOptions): Scorer {
  return {
    name: "oracle",
    async scoreUnits({ results }): Promise<UnitScores> {
      const unitScores = results.map((r) => {
        const gold = opts.evidence.get(r.id) ?? [];
        return r.units.map((u, i) => (gold.some((g) => g.start < u.end && g.end > u.start) ? 1 : NON_EVIDENCE_MAX / (1 + i)));
      });
      return { unitScores };
    },
  };
}
