import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import { claimJob } from "../db/jobs/claim-job";
import { requeueStaleJobs } from "../db/jobs/requeue-job";
import { runClaimedJob } from "./run-claimed-job";
import type { JobServices } from "./types";
import { isDeadLocalWorker, newWorkerId } from "./worker-id";

/** A running job without a heartbeat for this long is taken to be orphaned (its process died) and resumed. */
export const STALE_MS = 30_000;
/** How often an idle runner looks for jobs queued by other processes and for orphaned ones. */
export const POLL_MS = 5_000;

export type InProcessRunnerOptions = {
  db: Db;
  concurrency: number;
  kinds?: readonly JobKind[];
  log?: (m: string) => void;
  services?: JobServices;
};

/**
 * Runs queued jobs inside this process (the server on SQLite, or a `snippet-lab worker`): up to `concurrency` at a
 * time, oldest first. Woken at once when this process queues a job; otherwise it polls the Job table, so jobs queued
 * by another process — and jobs orphaned by a restart, which it queues again to resume — are picked up too. Claims are
 * atomic, so several processes on one database never run a job twice.
 */
export class InProcessRunner {
  readonly workerId = newWorkerId();
  private active = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private idle: (() => void)[] = [];

  constructor(private readonly options: InProcessRunnerOptions) {}

  /** Starts polling (and resumes orphaned jobs now). */
  start(): void {
    if (this.timer) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), POLL_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Look for work now (a job was just queued). */
  wake(): void {
    while (this.active < this.options.concurrency) {
      this.active++;
      void this.loop().finally(() => {
        this.active--;
        if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  /** Resolves when no job is running in this runner (tests, shutdown). */
  whenIdle(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private async sweep(): Promise<void> {
    try {
      const resumed = await requeueStaleJobs({ staleBefore: new Date(Date.now() - STALE_MS), isDeadWorker: isDeadLocalWorker, db: this.options.db });
      if (resumed.length > 0) this.options.log?.(`resuming ${resumed.length} interrupted job(s): ${resumed.join(", ")}`);
    } catch (e) {
      console.error("[jobs] could not check for interrupted jobs:", e);
    }
    this.wake();
  }

  private async loop(): Promise<void> {
    for (;;) {
      let job;
      try {
        job = await claimJob({ workerId: this.workerId, db: this.options.db, ...(this.options.kinds ? { kinds: this.options.kinds } : {}) });
      } catch (e) {
        console.error("[jobs] could not claim a job:", e);
        return;
      }
      if (!job) return;
      this.options.log?.(`running ${job.kind} job ${job.id} (attempt ${job.attempts})`);
      await runClaimedJob(job, { db: this.options.db, workerId: this.workerId, services: this.options.services ?? {} });
    }
  }
}
