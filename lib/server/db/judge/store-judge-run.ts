import "server-only";
import { type Db, getDb } from "../client";
import { saveSuggestions } from "../annotations/save-suggestions";
import type { StoredSuggestion, SuggestionInput } from "../../../schemas/suggestions";
import { SUGGESTION_SELECT } from "../annotations/suggestion-rows";
import { runInTransaction } from "../run-in-transaction";

export type StoreJudgeRunOptions = {
  pairId: string;
  /** The judge model id: suggestions are stored with source "judge" and this modelName. */
  modelName: string;
  /** Written to Query.intentsJson when given (the query of the pair). */
  intents?: string[];
  /** The documents judged in this run: their previous suggestions of this model are replaced. */
  documentIds: string[];
  suggestions: SuggestionInput[];
  db?: Db;
};

/**
 * Writes one judge run in a single transaction: the query's intents, then the run's suggestions replacing the
 * previous ones of (pair, judge, model) on the judged documents; suggestions on documents not judged this time stay.
 * Either everything is written or nothing (a failing suggestion rolls the intents back too).
 */
export async function storeJudgeRun(options: StoreJudgeRunOptions): Promise<StoredSuggestion[]> {
  const { pairId, modelName, intents, documentIds, suggestions, db = getDb() } = options;
  return runInTransaction(
    async (tx) => {
      if (intents) {
        const pair = await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { queryId: true } });
        await tx.query.update({ where: { id: pair.queryId }, data: { intentsJson: JSON.stringify(intents) } });
      }
      const kept = await tx.suggestion.findMany({
        where: { pairId, source: "judge", modelName, documentId: { notIn: documentIds } },
        select: SUGGESTION_SELECT,
      });
      const keptInputs: SuggestionInput[] = kept.map((r) => ({
        documentId: r.documentId,
        start: r.start,
        end: r.end,
        text: r.text,
        category: r.category as SuggestionInput["category"],
        score: r.score,
        rationale: r.rationale,
      }));
      const saved = await saveSuggestions({ db: tx, pairId, source: "judge", modelName, suggestions: [...keptInputs, ...suggestions] });
      return saved.suggestions;
    },
    { db },
  );
}
