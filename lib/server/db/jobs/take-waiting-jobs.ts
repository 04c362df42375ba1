import "server-only";
import { type Db, getDb } from "../client";

/**
 * Queued jobs that nothing has touched since `queuedBefore` (they wait for a worker, or their queue message is lost:
 * on PostgreSQL a process killed between queueing a job and sending its id, or after a worker fetched the message and
 * before it claimed the job). Each is touched (updatedAt) with a conditional update, so among several runners one
 * takes it per period; returns the ids taken.
 */
export async function takeWaitingJobs({ queuedBefore, db = getDb() }: { queuedBefore: Date; db?: Db }): Promise<string[]> {
  const where = { state: "queued", updatedAt: { lt: queuedBefore } };
  const waiting = await db.job.findMany({ where, select: { id: true } });
  const ids: string[] = [];
  for (const { id } of waiting) {
    const { count } = await db.job.updateMany({ where: { ...where, id }, data: { updatedAt: new Date() } });
    if (count === 1) ids.push(id);
  }
  return ids;
}
