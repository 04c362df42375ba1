import "server-only";
import type { MatchCounts } from "@/lib/judge/match-stats";
import type { StoredSuggestion, SuggestionInput } from "../../../schemas/suggestions";
import { type Db, getDb } from "../client";
import type { RunPairTotals } from "./read-judge-run-summary";
import { runInTransaction } from "../run-in-transaction";
import { storeJudgeRun } from "./store-judge-run";

export type CommitJudgmentOptions = {
  pairId: string;
  /** The judge model id, prompt version and variant: the judgment's configuration. */
  model: string;
  promptVersion: string;
  variant: string;
  /** The suggestions layer (judgeLayerName): Suggestion.modelName. */
  layer: string;
  intents: string[];
  /** Written to Query.intentsJson (stage 1 ran now). */
  newIntents?: string[];
  documentIds: string[];
  suggestions: SuggestionInput[];
  /** Located spans with their matching step, and the quotes no step located (JudgeJudgment). */
  spans: unknown[];
  unmatched: unknown[];
  counts: MatchCounts;
  /** The run's pair row, marked done with what it cost. */
  runPair?: RunPairTotals & { id: string; runId: string };
  db?: Db;
};

/**
 * Commits one pair's judgment in one transaction: the query's new intents, the suggestions (replacing the layer's
 * previous ones on the judged documents), the latest JudgeJudgment of the configuration, and — in a run — the pair's
 * row as done with its tokens, cost and match counts. A process killed before this commit loses only this pair's
 * unfinished work (its answered requests are cached); one killed after it has nothing left to do for the pair.
 */
export async function commitJudgment(o: CommitJudgmentOptions): Promise<StoredSuggestion[]> {
  const db = o.db ?? getDb();
  return runInTransaction(
    async (tx) => {
      const saved = await storeJudgeRun({
        db: tx,
        pairId: o.pairId,
        modelName: o.layer,
        ...(o.newIntents ? { intents: o.newIntents } : {}),
        documentIds: o.documentIds,
        suggestions: o.suggestions,
      });
      const data = {
        runId: o.runPair?.runId ?? null,
        intentsJson: o.intents.length > 0 ? JSON.stringify(o.intents) : null,
        spansJson: JSON.stringify(o.spans),
        unmatchedJson: JSON.stringify(o.unmatched),
        matchJson: JSON.stringify(o.counts),
      };
      await tx.judgeJudgment.upsert({
        where: { pairId_model_promptVersion_variant: { pairId: o.pairId, model: o.model, promptVersion: o.promptVersion, variant: o.variant } },
        create: { pairId: o.pairId, model: o.model, promptVersion: o.promptVersion, variant: o.variant, ...data },
        update: data,
      });
      if (o.runPair) {
        const { id, runId: _runId, ...usage } = o.runPair;
        await tx.judgeRunPair.update({
          where: { id },
          data: {
            state: "done",
            reason: null,
            ...usage,
            matchJson: JSON.stringify(o.counts),
            suggestions: o.suggestions.length,
            finishedAt: new Date(),
          },
        });
      }
      return saved;
    },
    { db },
  );
}
