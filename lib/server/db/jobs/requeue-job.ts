import "server-only";
import { AppError } from "@/lib/errors";
import { LIVE_JOB_STATES } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";

/**
 * Resumes a cancelled or failed job: queued again with its counters and checkpoint, so it goes on where it stopped.
 * CONFLICT when it is live, done, or another live job of its kind and scope exists; NOT_FOUND when unknown.
 */
export async function requeueJob({ id, db = getDb() }: { id: string; db?: Db }): Promise<void> {
  await runInTransaction(
    async (tx) => {
      const job = await tx.job.findUnique({ where: { id }, select: { state: true, kind: true, scope: true } });
      if (!job) throw new AppError("NOT_FOUND", `Job ${id} not found`);
      if (job.state !== "cancelled" && job.state !== "failed")
        throw new AppError("CONFLICT", `Job ${id} is ${job.state}: only a cancelled or failed job resumes`);
      if (job.scope !== null) {
        const live = await tx.job.findFirst({
          where: { kind: job.kind, scope: job.scope, state: { in: [...LIVE_JOB_STATES] } },
          select: { id: true },
        });
        if (live) throw new AppError("CONFLICT", `Job ${live.id} of the same kind and scope is running or queued`, { jobId: live.id });
      }
      await tx.job.update({
        where: { id },
        data: { state: "queued", cancelRequested: false, error: null, finishedAt: null, workerId: null },
      });
    },
    { db },
  );
}

/**
 * Running jobs whose worker stopped reporting before `staleBefore` (a restart, a crash) — or whose worker is known to be
 * dead — are queued again, to resume from their checkpoint (or cancelled, when a cancel was asked meanwhile); returns
 * the ids queued again.
 */
export async function requeueStaleJobs({
  staleBefore,
  isDeadWorker,
  db = getDb(),
}: {
  staleBefore: Date;
  /** Also take over running jobs whose worker is known to be gone (a process of this host that no longer exists). */
  isDeadWorker?: (workerId: string) => boolean;
  db?: Db;
}): Promise<string[]> {
  const staleWhere = { state: "running", OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] };
  const dead = isDeadWorker
    ? (await db.job.findMany({ where: { state: "running", workerId: { not: null } }, select: { workerId: true } }))
        .map((j) => j.workerId!)
        .filter((w) => isDeadWorker(w))
    : [];
  const orphanWhere = { state: "running", OR: [...staleWhere.OR, ...(dead.length > 0 ? [{ workerId: { in: dead } }] : [])] };
  await db.job.updateMany({ where: { ...orphanWhere, cancelRequested: true }, data: { state: "cancelled", workerId: null, finishedAt: new Date() } });
  const stale = await db.job.findMany({ where: orphanWhere, select: { id: true } });
  const ids: string[] = [];
  for (const { id } of stale) {
    const { count } = await db.job.updateMany({ where: { ...orphanWhere, id }, data: { state: "queued", workerId: null } });
    if (count === 1) ids.push(id);
  }
  return ids;
}
