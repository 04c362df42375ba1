import "server-only";
import { z } from "zod";
import { type Db, getDb } from "../client";
import { zSuggestionSource, type SuggestionSource } from "../../../schemas/enums";
import { runInTransaction } from "../run-in-transaction";
import { loadPairDocuments } from "./load-pair-documents";
import { parseOptions } from "./parse-options";
import { MAX_SPANS_PER_SAVE } from "../../../schemas/spans";
import { suggestionInputSchema, type StoredSuggestion, type SuggestionInput } from "../../../schemas/suggestions";
import { zId } from "../../../schemas/ids";
import { sortSpans } from "./span-rows";
import { SUGGESTION_SELECT, toStoredSuggestion, type SuggestionRow } from "./suggestion-rows";
import { validateSpans } from "./validate-spans";

export type SaveSuggestionsOptions = {
  pairId: string;
  source: SuggestionSource;
  /** Model name (models/<name>) or judge model id. */
  modelName: string;
  /** The complete new set for (pair, source, modelName); an empty list removes that model's suggestions. */
  suggestions: SuggestionInput[];
  db?: Db;
};

export type SaveSuggestionsResult = {
  suggestions: StoredSuggestion[];
  created: number;
  updated: number;
  deleted: number;
};

const schema = z.object({
  pairId: zId,
  source: zSuggestionSource,
  modelName: z.string().trim().min(1).max(200),
  suggestions: z.array(suggestionInputSchema).max(MAX_SPANS_PER_SAVE),
});

const key = (s: { documentId: string; start: number; end: number; category: string; text: string }) =>
  `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}\u0000${s.text}`;

/**
 * Stores model/judge spans as Suggestion rows (never Span rows), replacing the previous set of the same
 * (pair, source, modelName) in one transaction. Suggestions with identical position and category keep their id
 * (score/rationale updated), so human spans that accepted them keep their `suggestionId`; removed suggestions are
 * deleted, which sets such links to null (the human spans themselves are untouched).
 * UNPROCESSABLE (details.index) for a suggestion outside its document or whose text does not match it.
 */
export async function saveSuggestions(options: SaveSuggestionsOptions): Promise<SaveSuggestionsResult> {
  const { db = getDb(), ...rest } = options;
  const { pairId, source, modelName, suggestions } = parseOptions(schema, rest);
  const { documents } = await loadPairDocuments({ db, pairId });
  validateSpans(suggestions, documents, "suggestion");

  return runInTransaction(
    async (tx) => {
      const existing = await tx.suggestion.findMany({ where: { pairId, source, modelName }, select: SUGGESTION_SELECT });
      const free = new Map<string, SuggestionRow>(existing.map((r) => [key(r), r]));
      const rows: SuggestionRow[] = [];
      let created = 0;
      let updated = 0;
      for (const s of suggestions) {
        const score = s.score ?? null;
        const rationale = s.rationale ?? null;
        const row = free.get(key(s));
        if (row) {
          free.delete(key(s));
          if (row.score === score && row.rationale === rationale) rows.push(row);
          else {
            rows.push(await tx.suggestion.update({ where: { id: row.id }, data: { score, rationale }, select: SUGGESTION_SELECT }));
            updated++;
          }
          continue;
        }
        rows.push(
          await tx.suggestion.create({
            data: { pairId, source, modelName, ...s, score, rationale },
            select: SUGGESTION_SELECT,
          }),
        );
        created++;
      }
      const gone = [...free.values()].map((r) => r.id);
      if (gone.length > 0) await tx.suggestion.deleteMany({ where: { id: { in: gone } } });
      return {
        suggestions: sortSpans(rows, documents).map(toStoredSuggestion),
        created,
        updated,
        deleted: gone.length,
      };
    },
    { db },
  );
}
