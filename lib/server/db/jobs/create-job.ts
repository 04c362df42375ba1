import "server-only";
import { LIVE_JOB_STATES, type JobKind } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";
import { JOB_SELECT, type JobRow } from "./job-rows";

export type CreateJobOptions = {
  kind: JobKind;
  /** One live (queued or running) job per kind and scope: a second request gets the live one. Null: no limit. */
  scope: string | null;
  /** Already validated by the kind's schema. */
  payload: unknown;
  createdById?: string | null;
  db?: Db;
};

/** Queues a job, or returns the live job of the same kind and scope (`created: false`). */
export async function createJob({
  kind,
  scope,
  payload,
  createdById = null,
  db = getDb(),
}: CreateJobOptions): Promise<{ job: JobRow; created: boolean }> {
  return runInTransaction(
    async (tx) => {
      if (scope !== null) {
        const live = await tx.job.findFirst({
          where: { kind, scope, state: { in: [...LIVE_JOB_STATES] } },
          orderBy: { createdAt: "desc" },
          select: JOB_SELECT,
        });
        if (live) return { job: live, created: false };
      }
      const job = await tx.job.create({
        data: { kind, scope, payloadJson: JSON.stringify(payload), createdById },
        select: JOB_SELECT,
      });
      return { job, created: true };
    },
    { db },
  );
}
