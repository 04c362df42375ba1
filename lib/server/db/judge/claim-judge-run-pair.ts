import "server-only";
import { type Db, getDb } from "../client";

export type ClaimedRunPair = {
  id: string;
  pairId: string;
  position: number;
  attempts: number;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  cachedRequests: number;
};

/**
 * Takes the run's next pending pair for a job (state running, jobId, one more attempt): a conditional update, so two
 * jobs — two worker processes on PostgreSQL — never take the same pair. null when no pending pair is left.
 */
export async function claimJudgeRunPair({ runId, jobId, db = getDb() }: { runId: string; jobId: string; db?: Db }): Promise<ClaimedRunPair | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = await db.judgeRunPair.findFirst({
      where: { runId, state: "pending" },
      orderBy: { position: "asc" },
      // Skip ahead a little on contention, so racing workers spread over the next rows instead of fighting for one.
      skip: attempt === 0 ? 0 : Math.floor(Math.random() * Math.min(attempt * 2, 16)),
      select: { id: true },
    });
    if (!candidate) {
      if (attempt === 0) return null;
      continue; // the skip went past the end: look again from the start
    }
    const { count } = await db.judgeRunPair.updateMany({
      where: { id: candidate.id, state: "pending" },
      data: { state: "running", jobId, attempts: { increment: 1 }, startedAt: new Date() },
    });
    if (count === 1) {
      return db.judgeRunPair.findUniqueOrThrow({
        where: { id: candidate.id },
        select: {
          id: true,
          pairId: true,
          position: true,
          attempts: true,
          promptTokens: true,
          completionTokens: true,
          requests: true,
          cachedRequests: true,
        },
      });
    }
  }
  return (await db.judgeRunPair.count({ where: { runId, state: "pending" } })) > 0 ? claimJudgeRunPair({ runId, jobId, db }) : null;
}
