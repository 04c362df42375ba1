// Client-safe: no node imports (the inspector re-aggregates in the browser).
import { SPAN_CATEGORIES } from "./span-categories";
import type { TokenScores } from "./types";
import type { Aggregation } from "./methods";
import { blendFocusScores, focusTermScores, type FocusOptions } from "./focus-terms";

/**
 * Changes with the formula below. Unit scores stored for reuse (ModelRunUnits) carry it in their key, so rows
 * computed by an older formula are recomputed instead of read.
 */
export const AGGREGATION_FORMULA = "content-share-focus-v2";

/**
 * Categories that are never worth a downstream token, whatever the keep probability says: a unit is discounted by
 * the share of its tokens the model's category head puts there.
 */
export const DISCOUNTED_CATEGORIES = ["ads", "ui_navigation", "duplicate"] as const;
const DISCOUNTED = new Uint8Array(256);
for (const c of DISCOUNTED_CATEGORIES) DISCOUNTED[SPAN_CATEGORIES.indexOf(c)] = 1;

export interface ComputeUnitScoresOptions {
  /** Token probabilities of ONE result; starts and ends ascending (as the tokenizer emits them). */
  tokenScores: Pick<TokenScores, "starts" | "ends" | "probs" | "categories">;
  /** Units of the same result, ascending and non-overlapping. */
  units: ReadonlyArray<{ start: number; end: number }>;
  aggregation: Aggregation;
  /** Models with a `focusWeight`: the units ranked by the query's focus terms too (focus-terms.ts). */
  focus?: FocusOptions | undefined;
}

/**
 * A result's unit scores from its token probabilities: aggregation, category discount and focus blend in one pass.
 * Unit score = mean or max of the probabilities of the tokens whose [start, end) intersects the unit, times the share
 * of those tokens whose predicted category is not ads, UI/navigation or duplicate (models with a category head).
 * The two heads disagree most on boilerplate that shares words with the query (a "related articles" list, a repeated
 * headline): the discount keeps such units out of the budget (measured in the model card, "Selection").
 * Units that no token touches (e.g. beyond the model's reach) score 0.
 * Two pointers: O(units + tokens) since both lists are sorted.
 */
export function computeUnitScores({ tokenScores, units, aggregation, focus }: ComputeUnitScoresOptions): number[] {
  const { starts, ends, probs, categories } = tokenScores;
  const n = Math.min(starts.length, ends.length, probs.length);
  const out = new Array<number>(units.length);
  const content = new Array<number>(units.length);
  let first = 0;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    // Tokens ending at or before the unit start can't touch this or any later unit.
    while (first < n && ends[first]! <= unit.start && starts[first]! < unit.start) first++;
    let sum = 0;
    let max = 0;
    let count = 0;
    let discounted = 0;
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
      if (categories && DISCOUNTED[categories[k]!]) discounted++;
    }
    content[u] = count === 0 ? 0 : (count - discounted) / count;
    out[u] = count === 0 ? 0 : ((aggregation === "max" ? max : sum / count) * (count - discounted)) / count;
  }
  const focusScores = focus && focus.weight > 0 ? focusTermScores(focus, units) : undefined;
  return focusScores ? blendFocusScores(out, focusScores, content, focus!.weight) : out;
}
