import "server-only";
import { AppError } from "@/lib/errors";
import type { JobKind, JobOut, JobState, StartJobRequest } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../db/client";
import { cancelJob as cancelJobRow } from "../db/jobs/cancel-job";
import { createJob } from "../db/jobs/create-job";
import { getJob } from "../db/jobs/get-job";
import { toJobOut } from "../db/jobs/job-rows";
import { listJobs } from "../db/jobs/list-jobs";
import { requeueJob } from "../db/jobs/requeue-job";
import { loadJobHandler } from "./job-handlers";
import { dispatchJob } from "./job-runner";
import type { JobServices } from "./types";

// What the routes, pages and the CLI call: queue, read, cancel and resume jobs. How jobs run is job-runner.ts's.

/** A start request (validated again by the kind's payload schema, which may accept more than the route does). */
export type StartJobOptions = {
  kind: StartJobRequest["kind"];
  payload?: unknown;
  createdById?: string | null;
  db?: Db;
  url?: string;
  /** What the kind's check and plan use (the CLI's judge settings); pass the runner the same. Default: the environment's. */
  services?: JobServices;
};

/**
 * Queues a job (`started: true`), or returns the live job of the same kind and scope (`started: false`). A kind that
 * plans several jobs for one start (a judge run's workers) queues them all: `job` is the first, `jobs` all of them.
 */
export async function startJob({
  kind,
  payload,
  createdById = null,
  db,
  url,
  services = {},
}: StartJobOptions): Promise<{ job: JobOut; started: boolean; jobs: JobOut[] }> {
  const handler = await loadJobHandler(kind);
  const parsed = handler.payloadSchema.parse(payload);
  await handler.check?.(parsed, { db: db ?? getDb(), services });
  const payloads = handler.plan ? await handler.plan(parsed, { db: db ?? getDb(), createdById, services }) : [parsed];
  const out: { job: JobOut; created: boolean }[] = [];
  for (const p of payloads) {
    const { job, created } = await createJob({ kind, scope: handler.scopeOf(p), payload: p, createdById, ...(db ? { db } : {}) });
    if (created) await dispatchJob({ jobId: job.id, ...(db ? { db } : {}), ...(url ? { url } : {}) });
    out.push({ job: toJobOut(job), created });
  }
  return { job: out[0]!.job, started: out[0]!.created, jobs: out.map((o) => o.job) };
}

/** A job, NOT_FOUND when unknown. */
export async function readJob({ id, db }: { id: string; db?: Db }): Promise<JobOut> {
  const row = await getJob({ id, ...(db ? { db } : {}) });
  if (!row) throw new AppError("NOT_FOUND", `Job ${id} not found`);
  return toJobOut(row, row.hasResult);
}

export async function readJobs(o: {
  kind?: JobKind;
  scope?: string;
  scopePrefix?: string;
  state?: JobState;
  limit?: number;
  db?: Db;
}): Promise<JobOut[]> {
  return (await listJobs(o)).map((r) => toJobOut(r, r.hasResult));
}

/** Cancels a queued job at once, a running one at its next progress report. */
export async function cancelJob({ id, db }: { id: string; db?: Db }): Promise<JobOut> {
  await cancelJobRow({ id, ...(db ? { db } : {}) });
  return readJob({ id, ...(db ? { db } : {}) });
}

/** Queues a cancelled or failed job again: it goes on from its checkpoint. */
export async function resumeJob({ id, db, url }: { id: string; db?: Db; url?: string }): Promise<JobOut> {
  await requeueJob({ id, ...(db ? { db } : {}) });
  await dispatchJob({ jobId: id, ...(db ? { db } : {}), ...(url ? { url } : {}) });
  return readJob({ id, ...(db ? { db } : {}) });
}
