import type { Scorer, UnitScores } from "../types";

/**
 * Truncation baseline: score 1/(1+i) for the i-th unit of each result, so packing takes the first
 * unit of every result, then the second of every result, and so on (ties → earlier result).
 */
export function createLeadScorer(): Scorer {
  return {
    name: "lead",
    async scoreUnits({ results }): Promise<UnitScores> {
      return { unitScores: results.map((r) => r.units.map((_, i) => 1 / (1 + i))) };
    },
  };
}
