import "server-only";
import type { JobFailure } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";

export type SaveJobProgressOptions = {
  id: string;
  workerId: string;
  total: number;
  done: number;
  failed: number;
  failures: readonly JobFailure[];
  /** undefined: unchanged. */
  checkpoint?: unknown;
  db?: Db;
};

/**
 * Writes a running job's progress and heartbeat, if this worker still holds it. Answers whether a cancel was asked
 * and whether the job is still this worker's (a stale job may have been taken over: the old worker then stops).
 */
export async function saveJobProgress(o: SaveJobProgressOptions): Promise<{ held: boolean; cancelRequested: boolean }> {
  const db = o.db ?? getDb();
  const { count } = await db.job.updateMany({
    where: { id: o.id, workerId: o.workerId, state: "running" },
    data: {
      total: o.total,
      done: o.done,
      failed: o.failed,
      failuresJson: JSON.stringify(o.failures),
      heartbeatAt: new Date(),
      ...(o.checkpoint !== undefined ? { checkpointJson: JSON.stringify(o.checkpoint) } : {}),
    },
  });
  const row = await db.job.findUnique({ where: { id: o.id }, select: { cancelRequested: true } });
  return { held: count === 1, cancelRequested: row?.cancelRequested ?? true };
}
