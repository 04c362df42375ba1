/** One fallback floor measured at the chosen threshold (snippet-lab calibrate). */
export interface FloorCandidate {
  fallbackFloor: number;
  objective: number;
  /** The largest share of any answerable set's queries that keep nothing at this floor. */
  maxAbstained: number;
}

/**
 * The fallback floor calibrate writes: the best objective among the floors that make at most `maxAbstained` of any
 * answerable set's queries keep nothing. Keeping nothing on a question the results answer costs a RAG caller more
 * than one stray sentence on one they don't, and the mean F1 barely sees it. The limit holds for a floor at or below
 * the threshold too: at the threshold nothing passes without clearing the floor, so it gates as any higher floor
 * does. Only the engine's own floor (the best unit kept when nothing passes) is always allowed. Ties → the first.
 */
export function chooseFallbackFloor<T extends FloorCandidate>(candidates: readonly T[], engineFloor: number, maxAbstained: number): T {
  const allowed = candidates.filter((x) => x.fallbackFloor === engineFloor || x.maxAbstained <= maxAbstained);
  if (allowed.length === 0) throw new Error(`no fallback floor to choose: the engine's floor (${engineFloor}) was not measured`);
  return allowed.reduce((a, b) => (b.objective > a.objective ? b : a));
}
