import "server-only";
import { type Db, getDb } from "../client";

/** Marks a run's pair as failed with the reason, keeping what its requests cost. */
export async function failJudgeRunPair(o: {
  id: string;
  reason: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number | null;
  requests: number;
  cachedRequests: number;
  db?: Db;
}): Promise<void> {
  const { id, db = getDb(), ...data } = o;
  await db.judgeRunPair.update({ where: { id }, data: { state: "failed", ...data, reason: data.reason.slice(0, 2000), finishedAt: new Date() } });
}
