import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";

export type CreateJudgeRunOptions = {
  datasetId: string;
  model: string;
  baseUrl: string | null;
  promptVersion: string;
  variant: string;
  mode?: "online" | "batch";
  options: Record<string, unknown>;
  /** Only these pairs of the dataset (any order: the run keeps the dataset's creation order). */
  pairIds?: string[];
  limit?: number;
  /** Leave out pairs that already have a judgment of this model, prompt version and variant. */
  skipJudged?: boolean;
  createdById?: string | null;
  db?: Db;
};

/**
 * A judge run with one pending row per pair (dataset creation order, `position` 0, 1, …): the work its jobs claim.
 * UNPROCESSABLE when no pair is left to judge; NOT_FOUND-free (the caller checked the dataset).
 */
export async function createJudgeRun(o: CreateJudgeRunOptions): Promise<{ id: string; pairs: number }> {
  const db = o.db ?? getDb();
  const pairs = await db.pair.findMany({
    where: {
      datasetId: o.datasetId,
      ...(o.pairIds ? { id: { in: o.pairIds } } : {}),
      ...(o.skipJudged ? { judgeJudgments: { none: { model: o.model, promptVersion: o.promptVersion, variant: o.variant } } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...(o.limit !== undefined ? { take: o.limit } : {}),
    select: { id: true },
  });
  if (o.pairIds) {
    const found = new Set(pairs.map((p) => p.id));
    const missing = o.pairIds.filter((id) => !found.has(id));
    if (missing.length > 0 && !o.skipJudged) throw new AppError("UNPROCESSABLE", `Pair ${missing[0]} is not in this dataset`, { missing });
  }
  if (pairs.length === 0) {
    throw new AppError(
      "UNPROCESSABLE",
      o.skipJudged ? "Every pair already has a judgment of this judge configuration." : "The dataset has no pairs to judge.",
    );
  }
  return runInTransaction(
    async (tx) => {
      const run = await tx.judgeRun.create({
        data: {
          datasetId: o.datasetId,
          model: o.model,
          baseUrl: o.baseUrl,
          promptVersion: o.promptVersion,
          variant: o.variant,
          mode: o.mode ?? "online",
          optionsJson: JSON.stringify(o.options),
          pairs: pairs.length,
          createdById: o.createdById ?? null,
        },
        select: { id: true },
      });
      for (let i = 0; i < pairs.length; i += 1000) {
        await tx.judgeRunPair.createMany({
          data: pairs.slice(i, i + 1000).map((p, k) => ({ runId: run.id, pairId: p.id, position: i + k })),
        });
      }
      return { id: run.id, pairs: pairs.length };
    },
    { db, timeout: 120_000 },
  );
}
