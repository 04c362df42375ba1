import "server-only";
import { AppError } from "@/lib/errors";
import { judgeRunPayloadSchema } from "@/lib/schemas/jobs";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { type Db, getDb } from "../db/client";
import { getJudgeRun } from "../db/judge/get-judge-run";
import { listJudgeRuns } from "../db/judge/list-judge-runs";
import { readJudgeRunSummary } from "../db/judge/read-judge-run-summary";
import { releaseJudgeRunPairs } from "../db/judge/release-judge-run-pairs";
import { getEnv, type JudgeConfig } from "../env";
import { cancelJob, readJobs, resumeJob, startJob } from "../jobs/jobs-api";
import type { JobServices } from "../jobs/types";

// What routes, pages and the CLI call about judge runs. Runs are started as jobs (POST /api/v1/jobs, kind judge-run).

type Prices = JudgeConfig["prices"];

/** The configured price of a judge model (SNIPPET_LAB_JUDGE_PRICES), null without one or without a judge. */
function priceOf(model: string, prices: Prices | undefined) {
  try {
    return (prices ?? getEnv().judge?.prices)?.[model] ?? null;
  } catch {
    return null;
  }
}

/** A run's summary, cost at the model's price in `prices` (the caller's judge settings; default the environment's). */
export async function readJudgeRun({ id, db, prices }: { id: string; db?: Db; prices?: Prices }): Promise<JudgeRunSummary> {
  const run = await getJudgeRun({ id, ...(db ? { db } : {}) });
  return readJudgeRunSummary({ id, price: priceOf(run.model, prices), ...(db ? { db } : {}) });
}

/** The latest runs' summaries, newest first. */
export async function readJudgeRuns({ datasetId, limit = 20, db }: { datasetId?: string; limit?: number; db?: Db }): Promise<JudgeRunSummary[]> {
  const ids = await listJudgeRuns({ ...(datasetId ? { datasetId } : {}), limit, ...(db ? { db } : {}) });
  return Promise.all(ids.map((id) => readJudgeRun({ id, ...(db ? { db } : {}) })));
}

/** A run's jobs (one per worker, plus any started by a resume), newest first. */
function runJobs({ id, db }: { id: string; db: Db }) {
  return readJobs({ kind: "judge-run", scopePrefix: `judge-run:${id}:`, limit: 100, db });
}

/**
 * Cancels a run: every queued or running job of it (a running one stops after the pairs it is judging are committed).
 * Its pending pairs stay pending, so the run can be resumed. CONFLICT when no job of it is live.
 */
export async function cancelJudgeRun({ id, db }: { id: string; db?: Db }): Promise<JudgeRunSummary> {
  const database = db ?? getDb();
  await getJudgeRun({ id, db: database });
  const live = (await runJobs({ id, db: database })).filter((j) => j.state === "queued" || j.state === "running");
  if (live.length === 0) throw new AppError("CONFLICT", `Judge run ${id} has no queued or running job to cancel`);
  for (const job of live) await cancelJob({ id: job.id, db: database });
  return readJudgeRun({ id, db: database });
}

/**
 * Resumes a run: its cancelled or failed jobs are queued again (they go on with the pending pairs); with `retryFailed`
 * its failed pairs are put back to pending first (their answered requests come from the cache), and a new job takes
 * them when every job of the run had finished. CONFLICT when there is nothing to resume.
 */
export async function resumeJudgeRun({
  id,
  retryFailed = false,
  db,
  url,
  services,
}: {
  id: string;
  retryFailed?: boolean;
  db?: Db;
  url?: string;
  /** The judge settings a new job of the run checks (the CLI's); default the environment's. */
  services?: JobServices;
}): Promise<JudgeRunSummary> {
  const database = db ?? getDb();
  await getJudgeRun({ id, db: database });
  if (retryFailed) await releaseJudgeRunPairs({ runId: id, states: ["failed"], db: database });
  const jobs = await runJobs({ id, db: database });
  let live = jobs.some((j) => j.state === "queued" || j.state === "running");
  for (const job of jobs) {
    if (job.state !== "cancelled" && job.state !== "failed") continue;
    await resumeJob({ id: job.id, db: database, ...(url ? { url } : {}) });
    live = true;
  }
  const pending = (await readJudgeRunSummary({ id, db: database })).pairs.pending;
  if (!live && pending > 0 && jobs[0]) {
    const payload = judgeRunPayloadSchema.parse(jobs[0].payload);
    await startJob({
      kind: "judge-run",
      payload: { ...payload, runId: id, worker: 0 },
      db: database,
      ...(url ? { url } : {}),
      ...(services ? { services } : {}),
    });
    live = true;
  }
  if (!live)
    throw new AppError(
      "CONFLICT",
      `Judge run ${id} has nothing to resume${retryFailed ? "" : " (retry its failed pairs with retryFailed / --retry-failed)"}`,
    );
  return readJudgeRun({ id, db: database });
}
