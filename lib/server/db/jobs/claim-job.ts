import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";
import { JOB_SELECT, type JobRow } from "./job-rows";

export type ClaimJobOptions = {
  workerId: string;
  /** That job only (a queue message names it); otherwise the oldest queued job. */
  id?: string;
  /** Only these kinds (a worker that runs some kinds). */
  kinds?: readonly JobKind[];
  db?: Db;
};

/**
 * Takes a queued job for this worker: state running, workerId, a heartbeat, one more attempt. Atomic (a conditional
 * update), so two workers never run one job; null when there is none to take.
 */
export async function claimJob({ workerId, id, kinds, db = getDb() }: ClaimJobOptions): Promise<JobRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = await db.job.findFirst({
      where: { state: "queued", ...(id ? { id } : {}), ...(kinds ? { kind: { in: [...kinds] } } : {}) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    if (!candidate) return null;
    const now = new Date();
    const { count } = await db.job.updateMany({
      where: { id: candidate.id, state: "queued" },
      data: { state: "running", workerId, heartbeatAt: now, startedAt: now, attempts: { increment: 1 } },
    });
    if (count === 1) return db.job.findUnique({ where: { id: candidate.id }, select: JOB_SELECT });
    if (id) return null; // someone else took it
  }
  return null;
}
