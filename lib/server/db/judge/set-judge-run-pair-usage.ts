import "server-only";
import { type Db, getDb } from "../client";

/** Records what a run's pair has cost so far (a Batch API run's online stage 1, before the batch is ingested). */
export async function setJudgeRunPairUsage(o: {
  id: string;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  cachedRequests: number;
  db?: Db;
}): Promise<void> {
  const { id, db = getDb(), ...data } = o;
  await db.judgeRunPair.update({ where: { id }, data });
}
