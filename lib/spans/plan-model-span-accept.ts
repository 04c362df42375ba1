import { CATEGORY_META, type SpanCategory } from "./categories";
import { categorizeUnits } from "./categorize-units";
import { snapSpanToWords } from "./word-edges";

/** A span "Accept model spans" adds (the workspace gives it an id and makes it the annotator's own). */
export type ModelSpanToAdd = { documentId: string; start: number; end: number; text: string; category: "vital"; score?: number };

/** A unit the selection keeps that the model's category head tags as something other than vital: not added. */
export type SkippedModelUnit = {
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: Exclude<SpanCategory, "vital">;
  score?: number;
};

export interface PlanModelSpanAcceptOptions {
  /**
   * The scored documents: their text, units (sentences or fragments) in selection order, and the model's tokens with
   * each one's category (models with a category head; without one every kept unit counts as vital).
   */
  results: readonly {
    id: string;
    text: string;
    units: readonly { start: number; end: number }[];
    tokens?: { starts: ArrayLike<number>; ends: ArrayLike<number>; categories?: ArrayLike<number> | undefined } | undefined;
  }[];
  /** Per result, the indexes of the units the selection keeps (ascending); undefined: nothing scored. */
  keptUnits: readonly (readonly number[] | undefined)[];
  /** Per result, one score per unit. */
  unitScores: readonly (ArrayLike<number> | undefined)[];
  threshold: number;
  /** The annotation's spans: a unit a vital span of it already covers is not added again. */
  existing: readonly { documentId: string; start: number; end: number; category: string }[];
}

export interface ModelSpanAcceptPlan {
  /** What Confirm adds: one vital span per kept unit the model tags vital, in document order. */
  spans: ModelSpanToAdd[];
  /** Kept units left out because the model tags them non-vital (an ad, navigation, metadata, …). */
  skipped: SkippedModelUnit[];
  /** Kept vital units the annotation already covers. */
  already: number;
  threshold: number;
  /** What to say when nothing is to be added, or once the spans were added. */
  notice: string;
}

/**
 * "Accept model spans ≥ threshold": each unit the selection keeps at the threshold becomes one span (adjacent units
 * are never merged, so no span runs across a heading or a block), whole words (never a run of tokens cut inside a
 * word) — but only the units the model's category head tags vital (categorizeUnits: the same runs the "Model
 * categories" layer draws), so a kept ad or menu is listed as skipped, not accepted as vital. Units a vital span of the
 * annotation already covers are left out (the editor would merge them away), so the counts are of new spans only.
 */
export function planModelSpanAccept({ results, keptUnits, unitScores, threshold, existing }: PlanModelSpanAcceptOptions): ModelSpanAcceptPlan {
  const vitalByDocument = new Map<string, { start: number; end: number }[]>();
  for (const s of existing) {
    if (s.category !== "vital") continue;
    const list = vitalByDocument.get(s.documentId) ?? [];
    list.push(s);
    vitalByDocument.set(s.documentId, list);
  }
  const spans: ModelSpanToAdd[] = [];
  const skipped: SkippedModelUnit[] = [];
  let already = 0;
  results.forEach((r, i) => {
    const kept = keptUnits[i];
    if (!kept || kept.length === 0) return;
    const scores = unitScores[i];
    const t = r.tokens;
    const categories = t?.categories
      ? categorizeUnits({ text: r.text, units: r.units, starts: t.starts, ends: t.ends, categories: t.categories })
      : null;
    const have = vitalByDocument.get(r.id) ?? [];
    for (const u of kept) {
      const unit = r.units[u];
      if (!unit || unit.end <= unit.start) continue;
      // Units are sentences or fragments, so their edges are word edges already; snapping guards the rule anyway.
      const w = snapSpanToWords({ text: r.text, start: unit.start, end: unit.end });
      const score = scores?.[u];
      const category = categories?.[u] ?? "vital";
      if (category !== "vital") {
        skipped.push({ documentId: r.id, ...w, category, ...(score !== undefined ? { score } : {}) });
        continue;
      }
      if (have.some((s) => s.start <= w.start && s.end >= w.end)) {
        already++;
        continue;
      }
      spans.push({ documentId: r.id, ...w, category: "vital", ...(score !== undefined ? { score } : {}) });
    }
  });
  return { spans, skipped, already, threshold, notice: noticeOf({ spans, skipped, already, threshold }) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 Off-topic, 1 Metadata": the skipped units per category, most first. */
export function describeSkipped(skipped: readonly { category: SpanCategory }[]): string {
  const counts = new Map<SpanCategory, number>();
  for (const s of skipped) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${n} ${CATEGORY_META[c].label}`)
    .join(", ");
}

function noticeOf({ spans, skipped, already, threshold }: Omit<ModelSpanAcceptPlan, "notice">): string {
  const p = `p ≥ ${threshold.toFixed(2)}`;
  const left = skipped.length > 0 ? ` Left out ${plural(skipped.length, "unit")} the model tags non-vital (${describeSkipped(skipped)}).` : "";
  if (spans.length > 0) return `Added ${plural(spans.length, "model span")} (${p}).${left}`;
  if (already > 0) return `The model spans (${p}) are already in your annotation.${left}`;
  if (skipped.length > 0) return `Nothing to add: the model tags every unit the selection keeps (${p}) non-vital (${describeSkipped(skipped)}).`;
  return "The selection keeps no text at this threshold.";
}
