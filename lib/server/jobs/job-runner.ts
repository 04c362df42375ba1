import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../db/client";
import { resolveDatabaseUrl } from "../db/database-url";
import { getEnv } from "../env";
import { processSingleton } from "../process-cache";
import { InProcessRunner } from "./in-process-runner";
import { PgBossRunner } from "./pg-boss-runner";
import type { JobServices } from "./types";

type Runner = { kind: "in-process"; runner: InProcessRunner; work: boolean } | { kind: "pg-boss"; runner: PgBossRunner; work: boolean };

// One runner per database client and process (not per bundle: Next loads route handlers and pages separately).
const registry = processSingleton("job-runners", () => new Map<Db, Runner>());

export type StartJobRunnerOptions = {
  db?: Db;
  /** Take jobs in this process (default SNIPPET_LAB_JOBS_IN_SERVER; a worker always does). */
  work?: boolean;
  concurrency?: number;
  kinds?: readonly JobKind[];
  /** Default DATABASE_URL (tests pass their temp database's). */
  url?: string;
  log?: (m: string) => void;
  /** What this runner's jobs use (the CLI's judge settings, a test's scorer); a runner already started keeps its own. */
  services?: JobServices;
};

/**
 * The process's job runner for a database: in-process on SQLite (this process runs the jobs, polling for those other
 * processes queue), pg-boss on PostgreSQL (the queue hands jobs to any worker). Created on first use: by the server's
 * startup hook, by the first job it queues, or by `snippet-lab worker`.
 */
export async function startJobRunner(options: StartJobRunnerOptions = {}): Promise<Runner> {
  const db = options.db ?? getDb();
  const existing = registry.get(db);
  if (existing) return existing;
  const env = getEnv();
  const target = resolveDatabaseUrl(options.url ?? env.databaseUrl);
  const work = options.work ?? env.jobsInServer;
  const concurrency = options.concurrency ?? env.jobConcurrency;
  const log = options.log ?? ((m: string) => console.log(`[jobs] ${m}`));
  const common = {
    db,
    concurrency,
    log,
    ...(options.kinds ? { kinds: options.kinds } : {}),
    ...(options.services ? { services: options.services } : {}),
  };
  let runner: Runner;
  if (target.provider === "sqlite") {
    runner = { kind: "in-process", work, runner: new InProcessRunner(common) };
    registry.set(db, runner);
    if (work) runner.runner.start();
  } else {
    runner = {
      kind: "pg-boss",
      work,
      runner: new PgBossRunner({ ...common, url: target.url, work }),
    };
    registry.set(db, runner);
    try {
      await runner.runner.start();
    } catch (e) {
      registry.delete(db);
      throw e;
    }
  }
  return runner;
}

/** Tells the runner a job was queued: wakes the in-process runner, or sends the id through pg-boss. */
export async function dispatchJob({ jobId, db, url }: { jobId: string; db?: Db; url?: string }): Promise<void> {
  const r = await startJobRunner({ ...(db ? { db } : {}), ...(url ? { url } : {}) });
  if (r.kind === "in-process") {
    // A server with SNIPPET_LAB_JOBS_IN_SERVER=0 only queues: a worker process polls the table.
    if (r.work) r.runner.wake();
  } else {
    await r.runner.notify(jobId);
  }
}

/** Stops this process's runner for a database (tests, worker shutdown). */
export async function stopJobRunner({ db }: { db?: Db } = {}): Promise<void> {
  const key = db ?? getDb();
  const r = registry.get(key);
  if (!r) return;
  registry.delete(key);
  if (r.kind === "in-process") {
    r.runner.stop();
    await r.runner.whenIdle();
  } else await r.runner.stop();
}
