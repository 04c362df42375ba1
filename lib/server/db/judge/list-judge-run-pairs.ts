import "server-only";
import { type Db, getDb } from "../client";

export type JudgeRunPairRow = {
  id: string;
  pairId: string;
  state: string;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  cachedRequests: number;
};

/** A run's pair rows in order, optionally only some states. */
export async function listJudgeRunPairs({ runId, states, db = getDb() }: { runId: string; states?: string[]; db?: Db }): Promise<JudgeRunPairRow[]> {
  return db.judgeRunPair.findMany({
    where: { runId, ...(states ? { state: { in: states } } : {}) },
    orderBy: { position: "asc" },
    select: { id: true, pairId: true, state: true, promptTokens: true, completionTokens: true, requests: true, cachedRequests: true },
  });
}
