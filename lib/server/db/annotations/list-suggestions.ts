import "server-only";
import { z } from "zod";
import { type Db, getDb } from "../client";
import { zSuggestionSource, type SuggestionSource } from "../../../schemas/enums";
import { loadPairDocuments } from "./load-pair-documents";
import { parseOptions } from "./parse-options";
import { zId } from "../../../schemas/ids";
import { sortSpans } from "./span-rows";
import { SUGGESTION_SELECT, toStoredSuggestion } from "./suggestion-rows";
import { type StoredSuggestion } from "../../../schemas/suggestions";

export type ListSuggestionsOptions = {
  pairId: string;
  documentId?: string;
  source?: SuggestionSource;
  modelName?: string;
  db?: Db;
};

const schema = z.object({
  pairId: zId,
  documentId: zId.optional(),
  source: zSuggestionSource.optional(),
  modelName: z.string().min(1).max(200).optional(),
});

/** A pair's model/judge suggestions, in document order then offsets; NOT_FOUND for an unknown pair. */
export async function listSuggestions(options: ListSuggestionsOptions): Promise<StoredSuggestion[]> {
  const { db = getDb(), ...rest } = options;
  const { pairId, documentId, source, modelName } = parseOptions(schema, rest);
  const { documents } = await loadPairDocuments({ db, pairId });
  const rows = await db.suggestion.findMany({
    where: { pairId, ...(documentId ? { documentId } : {}), ...(source ? { source } : {}), ...(modelName ? { modelName } : {}) },
    select: SUGGESTION_SELECT,
  });
  return sortSpans(rows, documents).map(toStoredSuggestion);
}
