import "server-only";
import { type Db, getDb } from "../client";

/**
 * Puts a job's pairs that were being judged back to pending: when the job starts again after a crash or a cancel (the
 * requests they had answered are in the cache, so nothing is asked twice), or one pair the job gives back. With
 * `states: ["failed"]`, the run's failed pairs are tried again (`snippet-lab judge --resume RUN --retry-failed`).
 */
export async function releaseJudgeRunPairs({
  runId,
  jobId,
  id,
  states = ["running"],
  db = getDb(),
}: {
  runId: string;
  /** Only this job's pairs. */
  jobId?: string;
  /** Only this pair row. */
  id?: string;
  states?: ("running" | "failed")[];
  db?: Db;
}): Promise<number> {
  const { count } = await db.judgeRunPair.updateMany({
    where: { runId, state: { in: states }, ...(jobId ? { jobId } : {}), ...(id ? { id } : {}) },
    data: { state: "pending", jobId: null, ...(states.includes("failed") ? { reason: null } : {}) },
  });
  return count;
}
