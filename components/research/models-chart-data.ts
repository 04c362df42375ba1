// The models chart's choices, pure: the measures in order and the one it opens on, which models it can place, its
// y axis, what its caption says it plots, and where its labels go.
import { type Box, type PlacedLabel, placeLabels } from "@/lib/eval/place-labels";

/** What the chart needs of a model (the page passes it from describeModels). */
export type ModelPoint = {
  name: string;
  teacher: string | null;
  /** Batch-1 latency per window (null: not measured; the model is in the CSV but cannot be placed on the chart). */
  p50: number | null;
  p99: number | null;
  /** Measure label → value. */
  quality: Record<string, number>;
};

export type PlacedModel = ModelPoint & { p50: number; p99: number };

/**
 * The report sets whose evidence recall the chart opens on, in order: SQuAD-en paragraphs (the standard extractive QA
 * set: 400 Wikipedia questions, evidence recall at 20 % of the tokens, the README's main table) and Natural Questions
 * (real search queries). Not the claims set — a proxy (questions rewritten as claims by rule) that merely sorted first
 * — and not a mean over sets: the sets are read at different settings (20 % or 40 % of tokens, 200-token budgets) and
 * measures (evidence recall, answer kept, kept nothing), so their mean is no figure any report states.
 */
export const PRIMARY_MEASURES = [/^Evidence recall at .+ \(squad-en\)$/, /^Evidence recall at .+ \(nq\)$/] as const;

/** A model the chart can place at a measure: measured latency and a figure. */
export const canPlace = (m: ModelPoint, measure: string): m is PlacedModel => m.p50 !== null && m.p99 !== null && m.quality[measure] !== undefined;

/**
 * The measures, those that place the most models first (ties in the order the models list them), and the one the
 * chart opens on: the first primary measure that places a model, else the one that places the most.
 */
export function modelMeasures(models: readonly ModelPoint[]): { measures: string[]; initial: string } {
  const count = new Map<string, number>();
  for (const m of models) for (const k of Object.keys(m.quality)) count.set(k, (count.get(k) ?? 0) + (canPlace(m, k) ? 1 : 0));
  const measures = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)!);
  const primary = PRIMARY_MEASURES.map((re) => measures.find((k) => re.test(k) && count.get(k)! > 0)).find((k) => k !== undefined);
  return { measures, initial: primary ?? measures[0] ?? "" };
}

/**
 * The y axis: from 0 (a truncated axis magnifies differences of a few thousandths into a chart-high gap), to 1 for
 * shares, else to the data's top rounded up.
 */
export function qualityDomain(values: readonly number[]): [number, number] {
  const top = Math.max(0, ...values);
  return [0, top <= 1 ? 1 : Math.ceil(top)];
}

/** The caption's count: the models actually plotted, of how many, and why each other one is not. */
export function plottedSummary(models: readonly ModelPoint[], measure: string): { placed: PlacedModel[]; text: string; missing: string[] } {
  const placed = models.filter((m) => canPlace(m, measure));
  const missing = models
    .filter((m) => !canPlace(m, measure))
    .map((m) => `${m.name} (${m.p50 === null ? "latency not measured" : "no figure for this measure"})`);
  const n = placed.length;
  const text = missing.length === 0 ? `${n} model${n === 1 ? "" : "s"}` : `${n} of ${models.length} models plotted`;
  return { placed, text, missing };
}

/** Label text size, a latency bar's half thickness with its whiskers, and a marker's half size (pixels). */
export const MODEL_LABEL_SIZE = { charWidth: 6.5, height: 12 } as const;
const BAR_HALF = 4;
const MARKER_HALF = 6;

/** A model in pixels: its point (p50, quality) and the right end of its latency bar (p99). */
export type ModelPixels = { name: string; text: string; x: number; x99: number; y: number };

/** The boxes a model's marker and p50–p99 bar cover. */
export function modelObstacles(m: ModelPixels): Box[] {
  return [
    { x0: m.x - MARKER_HALF, y0: m.y - MARKER_HALF, x1: m.x + MARKER_HALF, y1: m.y + MARKER_HALF },
    { x0: m.x, y0: m.y - BAR_HALF, x1: m.x99 + BAR_HALF, y1: m.y + BAR_HALF },
  ];
}

/**
 * The models' labels, one per model (its name is the label's group), placed so that none crosses a latency bar, a
 * marker or another label: a label right of its point used to print over its own p50–p99 bar.
 */
export function layoutModelLabels(models: readonly ModelPixels[], bounds?: Box): PlacedLabel[] {
  return placeLabels(
    models.map((m) => ({ x: m.x, y: m.y, text: m.text, group: m.name })),
    { ...MODEL_LABEL_SIZE, gap: 8, mergeDistance: 0, obstacles: models.flatMap(modelObstacles), ...(bounds ? { bounds } : {}) },
  );
}
