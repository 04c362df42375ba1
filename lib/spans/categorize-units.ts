import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import { categorySpansFromTokens } from "./category-spans-from-tokens";

export interface CategorizeUnitsOptions {
  text: string;
  /** The result's units (sentences or fragments), ascending and non-overlapping. */
  units: readonly { start: number; end: number }[];
  /** The model's tokens and each one's category (index into SPAN_CATEGORIES). */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  categories: ArrayLike<number>;
}

/**
 * Each unit's category by the model's category head: the category whose runs — the very runs the workspace's "Model
 * categories" layer draws (categorySpansFromTokens on word edges) — cover most of the unit's characters; on a tie the
 * one listed first (vital before the others). Null for a unit no run touches (beyond the model's reach).
 */
export function categorizeUnits({ text, units, starts, ends, categories }: CategorizeUnitsOptions): (SpanCategory | null)[] {
  const runs = categorySpansFromTokens({ documentId: "", text, starts, ends, categories, skip: [], wordEdges: true });
  const covered = new Float64Array(SPAN_CATEGORIES.length);
  let first = 0;
  return units.map((u) => {
    covered.fill(0);
    // Runs are sorted and disjoint: the ones ending before this unit cannot touch a later one.
    while (first < runs.length && runs[first]!.end <= u.start) first++;
    for (let k = first; k < runs.length && runs[k]!.start < u.end; k++) {
      const r = runs[k]!;
      const n = Math.min(r.end, u.end) - Math.max(r.start, u.start);
      if (n > 0) covered[SPAN_CATEGORIES.indexOf(r.category)]! += n;
    }
    let best = -1;
    for (let c = 0; c < covered.length; c++) if (covered[c]! > 0 && (best < 0 || covered[c]! > covered[best]!)) best = c;
    return best < 0 ? null : SPAN_CATEGORIES[best]!;
  });
}
