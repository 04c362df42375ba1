import "server-only";
import { randomUUID } from "node:crypto";
import { isAppError } from "@/lib/errors";
import type { Db } from "../db/client";
import { listUnscoredPairs } from "../db/annotations/list-unscored-pairs";
import { scorePair } from "../pairs/score-pair";
import type { ScoreJob } from "@/lib/schemas/scoring";

/**
 * Background scoring of every unscored pair of a dataset (or of all datasets), with progress the page polls.
 *
 * This is the one place that knows how jobs run: for now an in-process task in the server (a promise that is not
 * awaited, its state in a module-level map). A job runner (a worker process, a queue table) can replace it behind the
 * same three functions — startScoreJob, getScoreJob, findScoreJob — without touching the routes or the page. What
 * that costs today: jobs live in memory, so a server restart forgets them (the pairs they scored stay scored; starting
 * again picks up the rest), and each server process runs its own.
 */

export type StartScoreJobOptions = {
  datasetId?: string;
  model?: string;
  /** User id (shown to whoever polls). */
  startedBy: string;
  db?: Db;
  /** Tests: the scoring function (default scorePair). */
  score?: (pairId: string) => Promise<unknown>;
};

const MAX_FAILURES_LISTED = 20;
/** Finished jobs kept for polling; older ones are forgotten. */
const MAX_FINISHED_KEPT = 20;
/** Pairs fetched per round (the round's failures are skipped in later rounds). */
const ROUND = 200;

type Registry = { jobs: Map<string, ScoreJob> };
// On globalThis: one registry per server process even where a bundler loads this module twice (route handlers and
// pages are separate bundles in Next).
const registry: Registry = ((globalThis as { __snippetLabScoreJobs?: Registry }).__snippetLabScoreJobs ??= { jobs: new Map() });

const copy = (j: ScoreJob): ScoreJob => ({ ...j, failures: j.failures.map((f) => ({ ...f })) });

/**
 * Starts scoring every unscored pair of `datasetId` (all datasets when omitted) in the background and returns at once.
 * A job already running for the same scope is returned instead of starting a second one (`started: false`).
 */
export function startScoreJob(options: StartScoreJobOptions): { job: ScoreJob; started: boolean } {
  const datasetId = options.datasetId ?? null;
  const running = [...registry.jobs.values()].find((j) => j.state === "running" && j.datasetId === datasetId);
  if (running) return { job: copy(running), started: false };
  const job: ScoreJob = {
    id: randomUUID(),
    datasetId,
    model: options.model ?? null,
    state: "running",
    total: 0,
    done: 0,
    scored: 0,
    failed: 0,
    failures: [],
    error: null,
    startedBy: options.startedBy,
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  registry.jobs.set(job.id, job);
  prune();
  void run(job, options).catch((e: unknown) => {
    console.error(`[score-job] ${job.id} stopped:`, e);
    job.state = "failed";
    job.error = isAppError(e) ? e.message : "the job stopped on an error (see the server log)";
    job.finishedAt = new Date().toISOString();
  });
  return { job: copy(job), started: true };
}

/** A job by id (a copy), or null when unknown or forgotten. */
export function getScoreJob(id: string): ScoreJob | null {
  const j = registry.jobs.get(id);
  return j ? copy(j) : null;
}

/** The running job of a scope, else its most recent finished one, else null. */
export function findScoreJob({ datasetId }: { datasetId?: string }): ScoreJob | null {
  const scope = datasetId ?? null;
  const mine = [...registry.jobs.values()].filter((j) => j.datasetId === scope);
  const pick = mine.find((j) => j.state === "running") ?? mine.sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1))[0];
  return pick ? copy(pick) : null;
}

async function run(job: ScoreJob, options: StartScoreJobOptions): Promise<void> {
  const { db, model } = options;
  const score = options.score ?? ((pairId: string) => scorePair({ pairId, ...(model ? { model } : {}), ...(db ? { db } : {}) }));
  const scope = { ...(job.datasetId ? { datasetId: job.datasetId } : {}), ...(db ? { db } : {}) };
  const attempted = new Set<string>();
  for (;;) {
    // Pairs still without a ModelRun, oldest first. Failed pairs stay unscored: they are skipped, not retried.
    const { pairIds, total } = await listUnscoredPairs({ ...scope, limit: ROUND + Math.min(job.failed, 800) });
    job.total = Math.max(job.total, job.scored + total);
    const fresh = pairIds.filter((id) => !attempted.has(id));
    if (fresh.length === 0) break;
    for (const pairId of fresh) {
      attempted.add(pairId);
      try {
        await score(pairId);
        job.scored++;
      } catch (e) {
        if (!isAppError(e)) console.error(`[score-job] pair ${pairId} failed:`, e);
        job.failed++;
        if (job.failures.length < MAX_FAILURES_LISTED)
          job.failures.push({ pairId, message: isAppError(e) ? e.message : "scoring failed (see the server log)" });
      }
      job.done = job.scored + job.failed;
      job.total = Math.max(job.total, job.done);
    }
  }
  job.total = job.done;
  job.state = "done";
  job.finishedAt = new Date().toISOString();
}

function prune(): void {
  const finished = [...registry.jobs.values()].filter((j) => j.state !== "running").sort((a, b) => (a.startedAt < b.startedAt ? -1 : 1));
  for (const j of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_KEPT))) registry.jobs.delete(j.id);
}
