import "server-only";
import { isAppError } from "@/lib/errors";
import { type JobFailure, zJobKind } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import { finishJob } from "../db/jobs/finish-job";
import type { JobRow } from "../db/jobs/job-rows";
import { saveJobProgress } from "../db/jobs/save-job-progress";
import { loadJobHandler } from "./job-handlers";
import { JobCancelled, type JobContext, type JobServices } from "./types";

/** How often a running job saves its progress (and so, at the latest, notices a cancel). */
export const PROGRESS_MS = 500;
/** A running job's heartbeat, also while one item takes long. */
export const HEARTBEAT_MS = 5_000;
/** The first failures kept on the job. */
const MAX_FAILURES = 50;

const parseJson = (s: string | null): unknown => {
  if (s === null) return null;
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/**
 * Runs a job this worker has claimed (claimJob) to its end: validates the payload with its kind's schema, gives the
 * handler a context that saves progress, failures and checkpoints and turns a cancel into JobCancelled, and stores the
 * outcome — done with the handler's result, cancelled, or failed with a message.
 */
export async function runClaimedJob(row: JobRow, { db, workerId, services }: { db: Db; workerId: string; services: JobServices }): Promise<void> {
  const failures = (parseJson(row.failuresJson) as JobFailure[] | null) ?? [];
  const counts = { total: row.total, done: row.done, failed: row.failed };
  let checkpoint: unknown = undefined;
  let lastSave = 0;
  const abort = new AbortController();

  const save = async (): Promise<void> => {
    lastSave = Date.now();
    const r = await saveJobProgress({ id: row.id, workerId, ...counts, failures, ...(checkpoint !== undefined ? { checkpoint } : {}), db });
    if (!r.held) throw new JobCancelled("taken-over");
    if (r.cancelRequested) {
      abort.abort();
      throw new JobCancelled();
    }
  };
  // The heartbeat keeps a long item (scoring a huge pair) from looking like a dead worker.
  const heartbeat = setInterval(() => {
    if (Date.now() - lastSave >= HEARTBEAT_MS) void save().catch(() => abort.abort());
  }, HEARTBEAT_MS);
  heartbeat.unref?.();

  try {
    const handler = await loadJobHandler(zJobKind.parse(row.kind));
    const payload = handler.payloadSchema.parse(parseJson(row.payloadJson));
    const ctx: JobContext<unknown> = {
      jobId: row.id,
      payload,
      createdById: row.createdById,
      attempt: row.attempts,
      db,
      services,
      checkpoint: parseJson(row.checkpointJson),
      counts,
      setTotal: (total) => {
        counts.total = total;
      },
      resetCounts: () => {
        counts.total = 0;
        counts.done = 0;
        counts.failed = 0;
        failures.length = 0;
      },
      itemDone: (failure) => {
        counts.done++;
        if (failure) {
          counts.failed++;
          if (failures.length < MAX_FAILURES) failures.push(failure);
        }
        if (counts.total < counts.done) counts.total = counts.done;
      },
      saveCheckpoint: (value) => {
        checkpoint = value;
      },
      checkpointed: async () => {
        if (abort.signal.aborted) throw new JobCancelled();
        if (Date.now() - lastSave >= PROGRESS_MS) await save();
      },
      signal: abort.signal,
    };
    await save();
    const result = await handler.run(ctx);
    await save();
    await finishJob({ id: row.id, workerId, state: "done", ...(result !== undefined ? { result } : {}), db });
  } catch (e) {
    if (e instanceof JobCancelled) {
      if (e.reason === "cancelled") {
        await saveJobProgress({ id: row.id, workerId, ...counts, failures, db }).catch(() => undefined);
        await finishJob({ id: row.id, workerId, state: "cancelled", db });
      }
      return;
    }
    if (!isAppError(e)) console.error(`[jobs] ${row.kind} ${row.id} failed:`, e);
    await saveJobProgress({ id: row.id, workerId, ...counts, failures, db }).catch(() => undefined);
    await finishJob({
      id: row.id,
      workerId,
      state: "failed",
      error: isAppError(e) || (e as Error)?.name === "ZodError" ? (e as Error).message : "the job stopped on an error (see the server log)",
      db,
    });
  } finally {
    clearInterval(heartbeat);
  }
}
