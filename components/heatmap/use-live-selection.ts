"use client";

import { useMemo } from "react";
import { PRESETS } from "@/lib/engine/methods";
import { scoreResultUnits, selectWithProfile } from "@/lib/engine/select-with-profile";
import { fromFlatProfile } from "@/lib/model/flat-profile";
import type { SelectableResult, Selection } from "@/lib/engine/types";
import type { ScoredResponse, SelectionControlsState } from "./types";

export interface TypedTokenScores {
  starts: Int32Array;
  ends: Int32Array;
  probs: Float32Array;
  /** The model's category of each token (index into SPAN_CATEGORIES), for models with a category head. */
  categories?: Uint8Array;
}

export interface LiveSelection {
  /** The response's results as the selection reads them (units, their tokens, the text). */
  selectable: SelectableResult[];
  /** Per result; undefined for baselines (no token scores). */
  tokenScores: (TypedTokenScores | undefined)[];
  unitScores: number[][];
  budget: number;
  selection: Selection;
  /** Per result, per unit: 0 dropped, 1 kept, 2 kept but cut to fit the budget. */
  kept: Uint8Array[];
}

export function budgetOf(c: SelectionControlsState): number {
  return c.budgetMode === "custom" ? c.customBudget : PRESETS[c.budgetMode];
}

/**
 * Re-runs aggregation and selection in the browser (no server round trip). Each stage is memoised on
 * exactly what it depends on: typed arrays once per response, unit scores per aggregation, the
 * selection per threshold/budget — a slider move costs one selectSpans call (O(units log units)).
 */
export function useLiveSelection(data: ScoredResponse | null, controls: SelectionControlsState): LiveSelection | null {
  const typed = useMemo(
    () =>
      data?.results.map((r): TypedTokenScores | undefined =>
        r.tokenScores
          ? {
              starts: Int32Array.from(r.tokenScores.starts),
              ends: Int32Array.from(r.tokenScores.ends),
              probs: Float32Array.from(r.tokenScores.probs),
              ...(r.tokenScores.categories ? { categories: Uint8Array.from(r.tokenScores.categories) } : {}),
            }
          : undefined,
      ) ?? null,
    [data],
  );

  const selectable = useMemo(
    () =>
      data?.results.map((r): SelectableResult => ({
        id: r.id,
        doc: { text: r.text },
        units: r.units.map((u) => ({ start: u.start, end: u.end, block: u.block })),
        unitTokens: r.units.map((u) => u.tokens),
        tokensIn: r.tokensIn,
      })) ?? null,
    [data],
  );

  // The response's profile is API 1.x's flat one: grouped by stage again, as the engine reads it.
  const profile = useMemo(() => (data ? fromFlatProfile(data.profile) : null), [data]);

  const { aggregation, threshold } = controls;
  const unitScores = useMemo(() => {
    if (!data || !typed || !profile) return null;
    return data.results.map((r, i) => {
      const ts = typed[i];
      // The server's formula, with the method's profile from the response (the query: the one scored).
      return ts
        ? scoreResultUnits({
            query: data.query,
            result: { ...r, doc: { text: r.text } },
            resultCount: data.results.length,
            tokenScores: ts,
            profile,
            aggregation,
            similarity: r.units.every((u) => u.similarity !== undefined) ? r.units.map((u) => u.similarity!) : undefined,
          })
        : r.units.map((u) => u.score);
    });
  }, [data, typed, profile, aggregation]);

  const budget = budgetOf(controls);
  return useMemo(() => {
    if (!selectable || !unitScores || !typed || !profile) return null;
    const safeBudget = Number.isFinite(budget) && budget >= 1 ? budget : 1;
    const selection = selectWithProfile({ results: selectable, unitScores, budget: safeBudget, threshold, profile });
    const kept = selectable.map((res, r) => {
      const flags = new Uint8Array(res.units.length);
      const sel = selection.results[r];
      if (!sel) return flags;
      let s = 0;
      for (const u of sel.keptUnits) {
        const unit = res.units[u]!;
        while (s < sel.spans.length && sel.spans[s]!.end <= unit.start) s++;
        const span = sel.spans[s];
        flags[u] = span && span.end < unit.end ? 2 : 1;
      }
      return flags;
    });
    return { selectable, tokenScores: typed, unitScores, budget: safeBudget, selection, kept };
  }, [selectable, unitScores, typed, budget, threshold, profile]);
}
