import "server-only";
import type { JobState } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";

export type FinishJobOptions = {
  id: string;
  workerId: string;
  state: Extract<JobState, "done" | "failed" | "cancelled">;
  result?: unknown;
  error?: string;
  db?: Db;
};

/** Ends a running job this worker holds (done with its result, failed with a message, or cancelled). */
export async function finishJob({ id, workerId, state, result, error, db = getDb() }: FinishJobOptions): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id, workerId, state: "running" },
    data: {
      state,
      finishedAt: new Date(),
      heartbeatAt: new Date(),
      error: error ?? null,
      ...(result !== undefined ? { resultJson: JSON.stringify(result) } : {}),
    },
  });
  return count === 1;
}
