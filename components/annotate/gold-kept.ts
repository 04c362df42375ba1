import { computeQueryMetrics } from "@/lib/eval/compute-query-metrics";
import type { Selection } from "@/lib/engine/types";
import type { SpanCategory } from "@/lib/spans/categories";

/** Gold spans that count as "should be kept": the vital ones (the token keep labels exports train on). */
export const KEEP_CATEGORY: SpanCategory = "vital";

export interface GoldKeptSpan {
  id: string;
  documentId: string;
  start: number;
  end: number;
  category: SpanCategory;
}

export interface GoldKept {
  /** Vital gold spans with at least one character. */
  total: number;
  kept: number;
  /** Per counted gold span id: true when the selection keeps it. */
  byId: ReadonlyMap<string, boolean>;
}

/**
 * Which vital gold spans the current selection keeps. Each span goes through computeQueryMetrics (the evaluation's
 * own rule: kept when ≥ 90 % of its characters lie in kept spans), so the workspace and `snippet-lab eval` cannot
 * disagree. O(gold × kept spans of its document); gold sets are small.
 */
export function computeGoldKept(selection: Selection, gold: readonly GoldKeptSpan[]): GoldKept {
  const byId = new Map<string, boolean>();
  let kept = 0;
  for (const g of gold) {
    if (g.category !== KEEP_CATEGORY || g.end <= g.start) continue;
    const m = computeQueryMetrics({ selection, evidence: [{ resultId: g.documentId, start: g.start, end: g.end }] });
    const isKept = m.evidenceKept === 1;
    byId.set(g.id, isKept);
    if (isKept) kept++;
  }
  return { total: byId.size, kept, byId };
}

/** "2 of 3 gold spans kept" (the vital ones), or null without vital gold. */
export function goldKeptText(g: GoldKept): string | null {
  if (g.total === 0) return null;
  return `${g.kept} of ${g.total} gold span${g.total === 1 ? "" : "s"} kept`;
}
