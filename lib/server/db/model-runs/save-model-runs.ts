import "server-only";
import type { Db } from "../client";
import { runInTransaction } from "../run-in-transaction";
import { encodeTokenScores, type TokenScoreArrays } from "./encode-token-scores";

export type ModelRunInput = {
  documentId: string;
  inputHash: string;
  scores: TokenScoreArrays;
  durationMs?: number;
};

export type SaveModelRunsOptions = { pairId: string; modelName: string; runs: ModelRunInput[]; db?: Db };

/** Writes (or replaces: one row per pair × document × model) cached token probabilities, in one transaction. */
export async function saveModelRuns({ pairId, modelName, runs, db }: SaveModelRunsOptions): Promise<void> {
  if (runs.length === 0) return;
  await runInTransaction(
    async (tx) => {
      for (const run of runs) {
        const { probs, offsets, categories, tokenCount } = encodeTokenScores(run.scores);
        const data = {
          inputHash: run.inputHash,
          tokenCount,
          probs,
          offsets,
          categories,
          durationMs: run.durationMs === undefined ? null : Math.round(run.durationMs),
        };
        const where = { pairId_documentId_modelName: { pairId, documentId: run.documentId, modelName } };
        // A replaced run's unit scores go with its old probabilities (even for the same inputs: another device may
        // give other digits).
        await tx.modelRunUnits.deleteMany({ where: { modelRun: { pairId, documentId: run.documentId, modelName } } });
        await tx.modelRun.upsert({
          where,
          create: { pairId, documentId: run.documentId, modelName, ...data },
          update: { ...data, createdAt: new Date() },
        });
      }
    },
    { db },
  );
}
