// The research views' targets (issue 65, on the project's 2-core machine, quiet): each step's limit at the sizes the
// issue names, and between and beyond them the limit for any other size, so a run of another size is judged too.

export type ResearchStep = "sweep" | "breakdown";
export type ResearchPhase = "first" | "restart" | "warm";

/** [pairs, milliseconds] points of one limit, by pairs ascending. */
type Points = readonly (readonly [number, number])[];

/**
 * The figures: the sweep of 1,000 pairs first ≤ 5 s, after a restart ≤ 4 s, warm ≤ 2 s, and of 10,000 pairs
 * warm ≤ 10 s; the breakdown of 2,000 pairs first ≤ 10 s (encoder work included), after a restart ≤ 3 s, warm ≤ 0.5 s,
 * and of 100,000 pairs (PostgreSQL) first ≤ 15 minutes, after a restart ≤ 6 s, warm ≤ 3 s.
 */
export const RESEARCH_TARGETS: Record<ResearchStep, Record<ResearchPhase, Points>> = {
  sweep: {
    first: [[1_000, 5_000]],
    restart: [[1_000, 4_000]],
    warm: [
      [1_000, 2_000],
      [10_000, 10_000],
    ],
  },
  breakdown: {
    first: [
      [2_000, 10_000],
      [100_000, 900_000],
    ],
    restart: [
      [2_000, 3_000],
      [100_000, 6_000],
    ],
    warm: [
      [2_000, 500],
      [100_000, 3_000],
    ],
  },
};

/**
 * A step's limit in milliseconds for `pairs` pairs: the figure at its sizes, linear between two of them, the
 * smallest size's figure below it (fixed costs do not shrink with the data), and in proportion to the pairs beyond
 * the largest.
 */
export function researchTargetMs(step: ResearchStep, phase: ResearchPhase, pairs: number): number {
  const points = RESEARCH_TARGETS[step][phase];
  const [firstPairs, firstMs] = points[0]!;
  if (pairs <= firstPairs) return firstMs;
  for (let i = 1; i < points.length; i++) {
    const [p0, ms0] = points[i - 1]!;
    const [p1, ms1] = points[i]!;
    if (pairs <= p1) return Math.round(ms0 + ((ms1 - ms0) * (pairs - p0)) / (p1 - p0));
  }
  const [lastPairs, lastMs] = points[points.length - 1]!;
  return Math.round((lastMs * pairs) / lastPairs);
}

/** One figure against its target: a miss is reported at the end and fails the command. */
export type TargetCheck = { step: ResearchStep; phase: ResearchPhase; pairs: number; ms: number; targetMs: number; met: boolean };

export function checkTarget(step: ResearchStep, phase: ResearchPhase, pairs: number, ms: number): TargetCheck {
  const targetMs = researchTargetMs(step, phase, pairs);
  return { step, phase, pairs, ms, targetMs, met: ms <= targetMs };
}
