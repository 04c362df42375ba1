// The threshold and budget frontier of an evaluation report: per method, the points (downstream tokens per query
// against a measure of what was kept), their Pareto front, and the measures a chart can plot. Pure and client-safe:
// the frontier page, the data routes and the tests read the same functions.
import { SPAN_CATEGORIES, type SpanCategory } from "../spans/categories";
import type { EvalRow } from "./types";

/**
 * The y measures of a frontier: the report's fields, or one category's kept share ("category:vital"). These are the
 * measures the sweep stores bootstrap intervals of (run-frontier-sweep.ts).
 */
export const FRONTIER_MEASURES = ["evidenceRecall", "allEvidenceKept", "answerKept", "evidenceCharRecall"] as const;
/**
 * The share of the pairs with nothing vital (gold without evidence: "Nothing here is vital") where the method kept
 * nothing — the report's `unanswerable.keptNothing`. Recall leaves those pairs out, so this is their figure, beside it.
 */
export const KEPT_NOTHING_MEASURE = "unanswerableKeptNothing";
export type FrontierBaseMeasure = (typeof FRONTIER_MEASURES)[number] | typeof KEPT_NOTHING_MEASURE;
export type FrontierMeasure = FrontierBaseMeasure | `category:${SpanCategory}`;

export const FRONTIER_MEASURE_LABELS: Readonly<Record<FrontierBaseMeasure, string>> = {
  evidenceRecall: "Gold evidence kept (share of spans)",
  allEvidenceKept: "Queries with all evidence kept",
  answerKept: "Queries whose answer is kept",
  evidenceCharRecall: "Gold evidence kept (share of characters)",
  [KEPT_NOTHING_MEASURE]: "Kept nothing when nothing is vital (share of those pairs)",
};

export function isFrontierMeasure(value: string): value is FrontierMeasure {
  if ((FRONTIER_MEASURES as readonly string[]).includes(value) || value === KEPT_NOTHING_MEASURE) return true;
  return value.startsWith("category:") && (SPAN_CATEGORIES as readonly string[]).includes(value.slice("category:".length));
}

/** The y value of a row, or null when the row has none (no answers, no such category, no pair without evidence). */
export function measureOf(row: EvalRow, measure: FrontierMeasure): number | null {
  if (measure.startsWith("category:")) return row.categories?.[measure.slice("category:".length)]?.keptShare ?? null;
  if (measure === KEPT_NOTHING_MEASURE) return row.unanswerable?.keptNothing ?? null;
  const v = row[measure as (typeof FRONTIER_MEASURES)[number]];
  return typeof v === "number" ? v : null;
}

/** Which setting a row is: a threshold (unlimited budget) or a budget (threshold 0); ratios are not frontier points. */
export type FrontierSetting = { kind: "threshold" | "budget"; value: number };

export function settingOf(row: EvalRow): FrontierSetting | null {
  if (row.threshold !== undefined) return { kind: "threshold", value: row.threshold };
  if (row.budget !== undefined) return { kind: "budget", value: row.budget };
  return null;
}

export interface FrontierPoint {
  method: string;
  setting: FrontierSetting;
  /** Mean downstream tokens kept per query. */
  x: number;
  y: number;
  /** On the method's Pareto front (no other point keeps as much or more with fewer or as many tokens). */
  pareto: boolean;
}

export interface FrontierSeries {
  method: string;
  /** Threshold points then budget points, each in setting order. */
  points: FrontierPoint[];
  /** The Pareto front, by tokens ascending. */
  front: FrontierPoint[];
}

/**
 * Indexes of the Pareto-optimal points for "fewer tokens, more kept": a point is on the front when no other point has
 * x ≤ its x and y ≥ its y with one of them strict. Returned by x ascending; equal points keep the first.
 */
export function paretoFront(points: readonly { x: number; y: number }[]): number[] {
  const order = points.map((_, i) => i).sort((a, b) => points[a]!.x - points[b]!.x || points[b]!.y - points[a]!.y || a - b);
  const out: number[] = [];
  let best = -Infinity;
  for (const i of order) {
    if (points[i]!.y > best) {
      out.push(i);
      best = points[i]!.y;
    }
  }
  return out;
}

/** A report's rows → one series per method (in the order given), points without a value for the measure left out. */
export function frontierSeries(rows: readonly EvalRow[], methods: readonly string[], measure: FrontierMeasure): FrontierSeries[] {
  return methods.map((method) => {
    const points: FrontierPoint[] = [];
    for (const row of rows) {
      if (row.method !== method) continue;
      const setting = settingOf(row);
      const y = measureOf(row, measure);
      if (!setting || y === null) continue;
      points.push({ method, setting, x: row.tokensPerQuery, y, pareto: false });
    }
    points.sort((a, b) => (a.setting.kind === b.setting.kind ? a.setting.value - b.setting.value : a.setting.kind === "threshold" ? -1 : 1));
    const front = paretoFront(points).map((i) => points[i]!);
    for (const p of front) p.pareto = true;
    return { method, points, front };
  });
}

/**
 * The measures a report can plot: the fixed ones with a value, "kept nothing when nothing is vital" when some pairs
 * have no evidence, and every category it has figures for.
 */
export function availableMeasures(rows: readonly EvalRow[]): FrontierMeasure[] {
  const out: FrontierMeasure[] = FRONTIER_MEASURES.filter((m) => rows.some((r) => measureOf(r, m) !== null));
  if (rows.some((r) => r.unanswerable !== undefined)) out.push(KEPT_NOTHING_MEASURE);
  for (const c of SPAN_CATEGORIES) if (rows.some((r) => r.categories?.[c] !== undefined)) out.push(`category:${c}`);
  return out;
}

/** "threshold 0.35" / "budget 1,000 tokens". */
export function formatSetting(s: FrontierSetting): string {
  return s.kind === "threshold" ? `threshold ${s.value.toFixed(2)}` : `budget ${s.value.toLocaleString("en")} tokens`;
}
