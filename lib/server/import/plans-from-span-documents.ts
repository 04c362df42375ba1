import "server-only";
import type { SpanDocument } from "@/lib/spans/formats/types";
import { docFromCanonicalText } from "@/lib/text/doc-from-canonical-text";
import type { ImportRecordError } from "@/lib/schemas/datasets";
import type { ImportPairPlan, ImportSpanPlan, ImportSuggestionPlan } from "../db/datasets/write-imported-pairs";

/** Suggestion model name for predictions without one (a Label Studio prediction with no model_version). */
export const UNNAMED_MODEL = "imported";

/**
 * Span documents (Label Studio tasks, gold JSONL lines: one per pair × document) → pairs, grouped by pairId in file
 * order. The text is stored as is (it is already canonical: every offset points into it), with the document's blocks
 * when it carries them (gold JSONL), else blocks re-derived from its lines (docFromCanonicalText).
 * Layers: gold spans → gold; when a pair has no gold layer at all, its human layers become its gold (a tool without
 * a review step exports plain annotations); human layers of a pair that has gold are not imported (counted in
 * `droppedHumanSpans`); model/judge → suggestions named after their author (model name).
 * A record marked `noVital` (gold JSONL) makes the pair's gold the decision "nothing here is vital".
 * externalId: the document's externalId, else its pairId (so exporting an imported dataset and re-importing it is
 * idempotent).
 */
export function plansFromSpanDocuments(documents: readonly SpanDocument[]): {
  plans: ImportPairPlan[];
  errors: ImportRecordError[];
  droppedHumanSpans: number;
} {
  const groups = new Map<string, SpanDocument[]>();
  for (const d of documents) {
    const g = groups.get(d.pairId);
    if (g) g.push(d);
    else groups.set(d.pairId, [d]);
  }
  const errors: ImportRecordError[] = [];
  const plans: ImportPairPlan[] = [];
  let droppedHumanSpans = 0;
  for (const [pairId, docs] of groups) {
    const first = docs[0]!;
    const record = `pair ${pairId}`;
    const other = docs.find((d) => d.query !== first.query);
    if (other) {
      errors.push({
        record,
        field: "query",
        message: `documents of one pair have different queries (${JSON.stringify(first.query)} vs ${JSON.stringify(other.query)})`,
      });
      continue;
    }
    const ext = docs.find((d) => d.externalId !== undefined && d.externalId !== first.externalId);
    if (ext) {
      errors.push({ record, field: "externalId", message: "documents of one pair have different externalIds" });
      continue;
    }
    const goldNoVital = docs.some((d) => d.goldNoVital === true);
    const hasGold = goldNoVital || docs.some((d) => d.spans.some((s) => s.source === "gold"));
    const gold: ImportSpanPlan[] = [];
    const suggestions: ImportSuggestionPlan[] = [];
    const seen = new Set<string>();
    docs.forEach((d, documentIndex) => {
      for (const s of d.spans) {
        const base = {
          documentIndex,
          start: s.start,
          end: s.end,
          text: s.text,
          category: s.category,
          ...(s.score !== undefined ? { score: s.score } : {}),
        };
        if (s.source === "model" || s.source === "judge") {
          suggestions.push({ ...base, source: s.source, modelName: s.author ?? UNNAMED_MODEL });
          continue;
        }
        if (s.source === "human" && hasGold) {
          droppedHumanSpans++;
          continue;
        }
        // Several annotators marking the same region become one gold span.
        const key = `${documentIndex}:${s.start}:${s.end}:${s.category}`;
        if (seen.has(key)) continue;
        seen.add(key);
        gold.push({ ...base, ...(s.author !== undefined ? { author: s.author } : {}) });
      }
    });
    plans.push({
      externalId: first.externalId ?? pairId,
      query: first.query,
      documents: docs.map((d) => ({
        // A record's own blocks (gold JSONL) keep navigation, footers and headings; otherwise plain main paragraphs.
        ...(d.blocks !== undefined ? { text: d.text, blocks: d.blocks } : docFromCanonicalText(d.text)),
        ...(d.url !== undefined ? { url: d.url } : {}),
        ...(d.title !== undefined ? { title: d.title } : {}),
      })),
      gold,
      ...(goldNoVital ? { goldNoVital } : {}),
      suggestions,
    });
  }
  return { plans, errors, droppedHumanSpans };
}
