// What the frontier chart shows of a sweep: which methods by default, whether the intervals are drawn, each method's
// short name (its labels carry it), and the pairs with nothing vital. Pure: the view, the chart and the tests share it.
import { intervalKey } from "@/lib/eval/bootstrap-interval";
import type { FrontierSeries } from "@/lib/eval/frontier";
import type { EvalRow } from "@/lib/eval/types";
import { type Box, type PlacedLabel, placeLabels } from "@/lib/eval/place-labels";
import type { FrontierMethodInfo } from "@/lib/schemas/research";

/** Up to this many drawable methods the chart opens on all of them. */
export const SHOW_ALL_UP_TO = 4;
/** Intervals are drawn by default up to this many shown methods (beyond, the bars hide the points). */
export const INTERVALS_UP_TO = 3;

/**
 * A method's name on its labels: a model's name ("snippet-lab"), else its label before any explanation, shortened to
 * its first word when long ("BM25", "Lead", "Oracle", "Hybrid").
 */
export function shortMethodName(info: Pick<FrontierMethodInfo, "method" | "label">): string {
  if (info.method.startsWith("model:")) return info.method.slice("model:".length);
  const base = info.label.split(" (")[0]!.split(":")[0]!.trim() || info.method;
  return base.length > 12 ? base.split(/\s+/)[0]! : base;
}

/** The mean y of a series' budget points (the budgets are the same for every method), else of all its points. */
function meanY(s: FrontierSeries): number {
  const budget = s.points.filter((p) => p.setting.kind === "budget");
  const pts = budget.length > 0 ? budget : s.points;
  return pts.length ? pts.reduce((a, p) => a + p.y, 0) / pts.length : -Infinity;
}

/**
 * The methods the chart opens on: every drawable one when there are few; else the models and LLM methods plus the best
 * baseline (by mean y over the budgets; the oracle, an upper bound, never counts as one), so 7 methods × 30 points
 * do not bury each other. `series` is at the measure that decides (the view passes evidence recall).
 */
export function defaultShownMethods({
  methods,
  series,
}: {
  methods: readonly Pick<FrontierMethodInfo, "method" | "kind" | "error">[];
  series: readonly FrontierSeries[];
}): string[] {
  const drawable = methods.filter((m) => !m.error && series.some((s) => s.method === m.method && s.points.length > 0));
  if (drawable.length <= SHOW_ALL_UP_TO) return drawable.map((m) => m.method);
  const ofMethod = new Map(series.map((s) => [s.method, s]));
  const baselines = drawable.filter((m) => m.kind === "baseline" && m.method !== "oracle");
  const best = baselines.reduce<{ method: string; y: number } | null>((b, m) => {
    const y = meanY(ofMethod.get(m.method)!);
    return !b || y > b.y ? { method: m.method, y } : b;
  }, null);
  return drawable.filter((m) => m.kind !== "baseline" || m.method === best?.method).map((m) => m.method);
}

/** The methods shown: the reader's pick (those still in the sweep), else the default. */
export function shownMethods({
  picked,
  available,
  fallback,
}: {
  picked: readonly string[] | null;
  available: readonly string[];
  fallback: readonly string[];
}) {
  if (picked === null) return [...fallback];
  return available.filter((m) => picked.includes(m));
}

/** Whether intervals are drawn: the reader's choice, else by default when few methods are shown. */
export const intervalsShown = (choice: boolean | null, shown: number) => choice ?? shown <= INTERVALS_UP_TO;

export type UnanswerableFigures = NonNullable<EvalRow["unanswerable"]>;

/** The sweep's pairs with nothing vital (gold without evidence): every row counts the same pairs; 0 when none. */
export function unanswerablePairs(rows: readonly EvalRow[]): number {
  return rows.reduce((n, r) => Math.max(n, r.unanswerable?.queries ?? 0), 0);
}

/** Each point's figures on the pairs with nothing vital, by `intervalKey(method, setting)`. */
export function unanswerableByPoint(rows: readonly EvalRow[]): Map<string, UnanswerableFigures> {
  const out = new Map<string, UnanswerableFigures>();
  for (const r of rows) {
    if (!r.unanswerable) continue;
    if (r.threshold !== undefined) out.set(intervalKey(r.method, { kind: "threshold", value: r.threshold }), r.unanswerable);
    else if (r.budget !== undefined) out.set(intervalKey(r.method, { kind: "budget", value: r.budget }), r.unanswerable);
  }
  return out;
}

/** The frontier's label text: 10 px bold with a white halo, wider than 6 px a character ("medium" is all wide letters). */
export const MARK_LABEL_SIZE = { charWidth: 7, height: 12 } as const;

/**
 * The marked points' labels in pixels → placed labels: one per method and spot, written "<short name> <marks>"
 * ("bm25 medium/high"), none over another label and, where there is room, none over a marker (`markers`: every drawn
 * point's box) or outside the plot.
 */
export function layoutFrontierLabels({
  marks,
  markers,
  bounds,
}: {
  marks: readonly { x: number; y: number; mark: string; method: string; prefix: string }[];
  markers: readonly Box[];
  bounds?: Box;
}): PlacedLabel[] {
  return placeLabels(
    marks.map((m) => ({ x: m.x, y: m.y, text: m.mark, group: m.method, prefix: m.prefix })),
    { ...MARK_LABEL_SIZE, obstacles: markers, ...(bounds ? { bounds } : {}) },
  );
}
