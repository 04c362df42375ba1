import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";

export type ListJudgePairsOptions = {
  dataset: string;
  limit?: number;
  /** Leave out pairs that already have judge suggestions of this model (to resume an interrupted run). */
  skipJudgedBy?: string;
  db?: Db;
};

/** Pair ids of a dataset in creation order, for batch judging; NOT_FOUND for an unknown dataset. */
export async function listJudgePairs(options: ListJudgePairsOptions): Promise<string[]> {
  const { dataset, limit, skipJudgedBy, db = getDb() } = options;
  const ds = await db.dataset.findUnique({ where: { name: dataset }, select: { id: true } });
  if (!ds) throw new AppError("NOT_FOUND", `Dataset "${dataset}" not found`);
  const pairs = await db.pair.findMany({
    where: {
      datasetId: ds.id,
      ...(skipJudgedBy ? { suggestions: { none: { source: "judge", modelName: skipJudgedBy } } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...(limit !== undefined ? { take: limit } : {}),
    select: { id: true },
  });
  return pairs.map((p) => p.id);
}
