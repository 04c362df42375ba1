import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { zSpanCategory, type SpanCategory } from "../../../schemas/enums";
import { runInTransaction } from "../run-in-transaction";
import { getAnnotation } from "./get-annotation";
import { parseOptions } from "./parse-options";
import { MAX_SPANS_PER_SAVE, type SpanInput } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { saveAnnotationSpans, type SaveAnnotationSpansResult } from "./save-annotation-spans";

export type AcceptSuggestionsOptions = {
  pairId: string;
  annotatorId: string;
  /** Same optimistic-concurrency contract as saveAnnotationSpans. */
  baseVersion: number;
  suggestionIds: string[];
  /** Store the copies under this category instead of the suggestion's (e.g. a model "vital" span marked as ads). */
  category?: SpanCategory;
  actorId?: string;
  db?: Db;
};

export type AcceptSuggestionsResult = SaveAnnotationSpansResult & {
  /** Suggestion id → the human span id that now carries it. */
  accepted: Record<string, string>;
  /** Suggestions already present in the annotation (linked, or an identical span). */
  skipped: string[];
};

const schema = z.object({
  pairId: zId,
  annotatorId: zId,
  baseVersion: z.number().int().nonnegative(),
  suggestionIds: z.array(zId).min(1).max(MAX_SPANS_PER_SAVE),
  category: zSpanCategory.optional(),
  actorId: zId.optional(),
});

/**
 * Copies chosen suggestions into the annotator's human spans (Span.suggestionId links each copy to its origin)
 * through saveAnnotationSpans, so the same CONFLICT/validation rules, events and version bump apply, in one
 * transaction. Suggestions already represented in the annotation are skipped. NOT_FOUND for ids not of this pair.
 */
export async function acceptSuggestions(options: AcceptSuggestionsOptions): Promise<AcceptSuggestionsResult> {
  const { db = getDb(), ...rest } = options;
  const { pairId, annotatorId, baseVersion, suggestionIds, category, actorId } = parseOptions(schema, rest);
  const ids = [...new Set(suggestionIds)];
  return runInTransaction(
    async (tx) => {
      const suggestions = await tx.suggestion.findMany({
        where: { id: { in: ids }, pairId },
        select: { id: true, documentId: true, start: true, end: true, text: true, category: true, score: true },
      });
      const missing = ids.filter((id) => !suggestions.some((s) => s.id === id));
      if (missing.length > 0) {
        throw new AppError("NOT_FOUND", `Suggestions not found in pair ${pairId}: ${missing.join(", ")}`, { missing });
      }
      const current = (await getAnnotation({ db: tx, pairId, annotatorId }))?.spans ?? [];
      const spanKey = (s: { documentId: string; start: number; end: number; category: string }) =>
        `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;
      const present = new Set(current.map(spanKey));
      const linked = new Set(current.flatMap((s) => (s.suggestionId ? [s.suggestionId] : [])));
      const added: SpanInput[] = [];
      const skipped: string[] = [];
      // Keep the caller's order so the created spans follow it.
      for (const id of ids) {
        const s = suggestions.find((x) => x.id === id)!;
        const copy = { documentId: s.documentId, start: s.start, end: s.end, text: s.text, category: category ?? zSpanCategory.parse(s.category) };
        if (linked.has(s.id) || present.has(spanKey(copy))) {
          skipped.push(s.id);
          continue;
        }
        present.add(spanKey(copy));
        added.push({ ...copy, id: `suggestion:${s.id}`, score: s.score, suggestionId: s.id });
      }
      const saved = await saveAnnotationSpans({
        db: tx,
        pairId,
        annotatorId,
        baseVersion,
        actorId,
        spans: [...current, ...added],
      });
      const accepted: Record<string, string> = {};
      for (const a of added) {
        const spanId = saved.idMap[a.id!];
        if (spanId && a.suggestionId) accepted[a.suggestionId] = spanId;
      }
      return { ...saved, accepted, skipped };
    },
    { db },
  );
}
