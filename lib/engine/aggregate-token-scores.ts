// Client-safe: no node imports (the inspector re-aggregates in the browser).
import type { TokenScores } from "./types";
import type { Aggregation } from "./methods";

export interface AggregateTokenScoresOptions {
  /** Token probabilities of ONE result; starts and ends ascending (as the tokenizer emits them). */
  tokenScores: Pick<TokenScores, "starts" | "ends" | "probs">;
  /** Units of the same result, ascending and non-overlapping. */
  units: ReadonlyArray<{ start: number; end: number }>;
  aggregation: Aggregation;
}

/**
 * Unit score = mean or max of the probabilities of the tokens whose [start, end) intersects the unit.
 * Units that no token touches (e.g. beyond the model's reach) score 0.
 * Two pointers: O(units + tokens) since both lists are sorted.
 */
export function aggregateTokenScores({ tokenScores, units, aggregation }: AggregateTokenScoresOptions): number[] {
  const { starts, ends, probs } = tokenScores;
  const n = Math.min(starts.length, ends.length, probs.length);
  const out = new Array<number>(units.length);
  let first = 0;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    // Tokens ending at or before the unit start can't touch this or any later unit.
    while (first < n && ends[first]! <= unit.start && starts[first]! < unit.start) first++;
    let sum = 0;
    let max = 0;
    let count = 0;
    for (let k = first; k < n && starts[k]! < unit.end; k++) {
      const s = starts[k]!;
      const e = ends[k]!;
      // Zero-length tokens (rare, e.g. normalised-away characters) count where they sit.
      const overlaps = e > s ? e > unit.start : s >= unit.start;
      if (!overlaps) continue;
      const p = probs[k]!;
      sum += p;
      if (p > max || count === 0) max = p;
      count++;
    }
    out[u] = count === 0 ? 0 : aggregation === "max" ? max : sum / count;
  }
  return out;
}
