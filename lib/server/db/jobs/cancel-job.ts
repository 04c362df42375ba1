import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";

/**
 * Asks a job to stop: a queued job is cancelled at once; a running one is flagged and its worker stops at its next
 * progress report (then its state becomes cancelled). NOT_FOUND for an unknown job; a finished job stays as it is.
 */
export async function cancelJob({ id, db = getDb() }: { id: string; db?: Db }): Promise<void> {
  await runInTransaction(
    async (tx) => {
      const job = await tx.job.findUnique({ where: { id }, select: { state: true } });
      if (!job) throw new AppError("NOT_FOUND", `Job ${id} not found`);
      if (job.state === "queued") {
        await tx.job.update({ where: { id }, data: { state: "cancelled", cancelRequested: true, finishedAt: new Date() } });
      } else if (job.state === "running") {
        await tx.job.update({ where: { id }, data: { cancelRequested: true } });
      }
    },
    { db },
  );
}
