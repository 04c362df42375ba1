import "server-only";
import { type Db, getDb } from "../client";

/** Judge runs, newest first (ids, to read their summaries). */
export async function listJudgeRuns({ datasetId, limit = 20, db = getDb() }: { datasetId?: string; limit?: number; db?: Db }): Promise<string[]> {
  const runs = await db.judgeRun.findMany({
    where: datasetId ? { datasetId } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true },
  });
  return runs.map((r) => r.id);
}
