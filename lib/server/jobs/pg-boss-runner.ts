import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import { claimJob } from "../db/jobs/claim-job";
import { requeueStaleJobs } from "../db/jobs/requeue-job";
import { takeWaitingJobs } from "../db/jobs/take-waiting-jobs";
import { loadOptionalModule } from "../db/load-optional-module";
import { runClaimedJob } from "./run-claimed-job";
import { type StartablePgBoss, startPgBoss } from "./start-pg-boss";
import { POLL_MS, STALE_MS } from "./in-process-runner";
import type { JobServices } from "./types";
import { isDeadLocalWorker, newWorkerId } from "./worker-id";

/** The pg-boss queue every job id is sent to. */
export const PG_BOSS_QUEUE = "snippet-lab-jobs";

type PgBossJob = { id: string; data: { jobId?: string } };
type PgBoss = StartablePgBoss & {
  on(event: "error", cb: (e: unknown) => void): void;
  getDb(): { executeSql(text: string, values: unknown[]): Promise<{ rows: { id: string }[] }> };
  send(name: string, data: object, o?: Record<string, unknown>): Promise<string | null>;
  work(name: string, o: Record<string, unknown>, handler: (jobs: PgBossJob[]) => Promise<unknown>): Promise<string>;
};
type PgBossConstructor = new (o: { connectionString: string; schema?: string; application_name?: string; max?: number }) => PgBoss;

export type PgBossRunnerOptions = {
  url: string;
  db: Db;
  /** Take jobs from the queue in this process (a worker, or the server with SNIPPET_LAB_JOBS_IN_SERVER). */
  work: boolean;
  concurrency: number;
  kinds?: readonly JobKind[];
  log?: (m: string) => void;
  services?: JobServices;
};

/**
 * PostgreSQL: jobs are rows of the Job table (state, progress, cancel, result) and their ids travel through a pg-boss
 * queue, so any number of processes — `snippet-lab worker`s and, unless SNIPPET_LAB_JOBS_IN_SERVER=0, the server —
 * share the load. pg-boss hands each message to one worker; the Job row's atomic claim keeps a duplicate message
 * (a job resumed twice) from running it twice. Orphaned jobs (a dead worker's heartbeat) are queued again by whichever
 * worker notices first.
 */
export class PgBossRunner {
  readonly workerId = newWorkerId();
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: PgBossRunnerOptions) {}

  private async ready(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const PgBossClass = loadOptionalModule<PgBossConstructor | { default: PgBossConstructor }>("pg-boss", "Background jobs on PostgreSQL");
      const Ctor = "default" in PgBossClass ? PgBossClass.default : PgBossClass;
      const boss = new Ctor({ connectionString: this.options.url, schema: "pgboss", application_name: "snippet-lab-jobs", max: 4 });
      boss.on("error", (e) => console.error("[jobs] pg-boss:", e));
      // Our Job rows carry retries (resume) and results; the queue only carries ids, kept a week.
      const queueOptions = { retryLimit: 0, expireInHours: 23, retentionDays: 7 };
      await startPgBoss({ boss, url: this.options.url, queue: PG_BOSS_QUEUE, queueOptions });
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  /** Connects, and when `work` is set takes jobs from the queue and checks for orphaned ones. */
  async start(): Promise<void> {
    const boss = await this.ready();
    if (!this.options.work || this.timer) return;
    for (let i = 0; i < this.options.concurrency; i++) {
      await boss.work(PG_BOSS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const message of jobs) if (message.data.jobId) await this.runOne(message.data.jobId);
      });
    }
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), POLL_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.boss?.stop({ graceful: true, timeout: 10_000 });
  }

  /** Sends a queued job's id to the workers. */
  async notify(jobId: string): Promise<void> {
    const boss = await this.ready();
    await boss.send(PG_BOSS_QUEUE, { jobId });
  }

  private async runOne(jobId: string): Promise<void> {
    const job = await claimJob({
      workerId: this.workerId,
      id: jobId,
      db: this.options.db,
      ...(this.options.kinds ? { kinds: this.options.kinds } : {}),
    });
    if (!job) return; // cancelled meanwhile, or another worker has it
    this.options.log?.(`running ${job.kind} job ${job.id} (attempt ${job.attempts})`);
    await runClaimedJob(job, { db: this.options.db, workerId: this.workerId, services: this.options.services ?? {} });
  }

  private async sweep(): Promise<void> {
    try {
      const resumed = await requeueStaleJobs({ staleBefore: new Date(Date.now() - STALE_MS), isDeadWorker: isDeadLocalWorker, db: this.options.db });
      for (const id of resumed) await this.notify(id);
      if (resumed.length > 0) this.options.log?.(`resuming ${resumed.length} interrupted job(s): ${resumed.join(", ")}`);
      const lost = await this.lostMessages(await takeWaitingJobs({ queuedBefore: new Date(Date.now() - STALE_MS), db: this.options.db }));
      for (const id of lost) await this.notify(id);
      if (lost.length > 0) this.options.log?.(`sending again ${lost.length} queued job(s) whose queue message was lost: ${lost.join(", ")}`);
    } catch (e) {
      console.error("[jobs] could not check for interrupted jobs:", e);
    }
  }

  /**
   * Of queued jobs waiting long, those without a message waiting in the queue: a process killed between queueing a job
   * and sending its id, or a worker killed after fetching the message (active in pg-boss until it expires, a day
   * later) and before claiming the job, would leave it queued forever. A message sent again is harmless: the claim
   * runs a job once.
   */
  private async lostMessages(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const boss = await this.ready();
    const { rows } = await boss
      .getDb()
      .executeSql(
        `SELECT DISTINCT data->>'jobId' AS id FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>'jobId' = ANY($2::text[])`,
        [PG_BOSS_QUEUE, ids],
      );
    const waiting = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !waiting.has(id));
  }
}
