// A queued job whose pg-boss message is lost is sent again: a process killed between queueing the job and sending its
// id (no message), or a worker killed after fetching the message and before claiming the job (the message stays
// "active" until it expires, a day later). scripts/crash-test.mjs found the second: a sweep stayed queued for good
// after its server was killed. Run by scripts/test-postgres.mjs (`npm test`), which sets SNIPPET_LAB_TEST_POSTGRES_URL
// and generates the PostgreSQL client; skipped otherwise.
import path from "node:path";
import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "@/tests/test-support/wait-for";
import type { Db } from "../db/client";
import { createPair } from "../db/create-pair";
import { createJob } from "../db/jobs/create-job";
import { migrateDatabase } from "../db/migrate";
import { readJob } from "./jobs-api";
import { PG_BOSS_QUEUE, PgBossRunner } from "./pg-boss-runner";

const baseUrl = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;

type PgPrisma = { $disconnect(): Promise<void> };

describe.skipIf(!baseUrl)("pg-boss runner: lost queue messages", () => {
  // A database of its own: the other PostgreSQL test files expect to migrate fresh ones.
  const url = baseUrl?.replace(/\/postgres\?/, "/snippet_lab_lost_message?");
  let admin: Client;
  let client: Client;
  let prisma: PgPrisma;
  const db = () => prisma as unknown as Db;
  const runners: PgBossRunner[] = [];
  const scored: string[] = [];

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    admin = new pg.Client({ connectionString: baseUrl! });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS snippet_lab_lost_message");
    await admin.query("CREATE DATABASE snippet_lab_lost_message");
    await migrateDatabase({ url: url!, migrationsDir: path.resolve(import.meta.dirname, "../../../prisma/migrations-postgresql") });
    client = new pg.Client({ connectionString: url! });
    await client.connect();
    const generated = "../db/generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) });
  }, 60_000);
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await prisma?.$disconnect();
    await client?.end();
    await admin?.end();
  });

  /** A runner that scores with a fake (it records the pair), as a worker process would with the model. */
  async function startWorker(): Promise<PgBossRunner> {
    const runner = new PgBossRunner({
      url: url!,
      db: db(),
      work: true,
      concurrency: 1,
      log: () => {},
      services: { scorePair: async ({ pairId }) => void scored.push(pairId) },
    });
    runners.push(runner);
    await runner.start();
    return runner;
  }

  /** A queued score-pairs job of a new one-pair dataset, last touched a minute ago, with no message sent. */
  async function queuedJob(name: string): Promise<{ jobId: string; pairId: string }> {
    const pair = await createPair({
      db: db(),
      dataset: name,
      query: "when did the bridge open",
      documents: [{ text: "The bridge opened in 1937." }],
    });
    const { job } = await createJob({ kind: "score-pairs", scope: `dataset:${pair.datasetId}`, payload: { datasetId: pair.datasetId }, db: db() });
    await client.query(`UPDATE "Job" SET "updatedAt" = now() - interval '1 minute' WHERE "id" = $1`, [job.id]);
    return { jobId: job.id, pairId: pair.id };
  }

  it("runs a queued job that has no message (the process died before sending it)", async () => {
    const { jobId, pairId } = await queuedJob("no-message");
    await startWorker();
    const job = await waitForJob(() => readJob({ id: jobId, db: db() }), { timeoutMs: 30_000 });
    expect(job.state).toBe("done");
    expect(scored).toContain(pairId);
  }, 60_000);

  it("runs a queued job whose message a dead worker fetched (active in pg-boss) but never claimed", async () => {
    const { jobId, pairId } = await queuedJob("fetched-message");
    // What a worker killed right after its fetch leaves: the message active, the Job row still queued.
    await client.query(
      `INSERT INTO pgboss.job (name, data, state, started_on, expire_in) VALUES ($1, $2::jsonb, 'active', now() - interval '1 minute', interval '23 hours')`,
      [PG_BOSS_QUEUE, JSON.stringify({ jobId })],
    );
    await startWorker();
    const job = await waitForJob(() => readJob({ id: jobId, db: db() }), { timeoutMs: 30_000 });
    expect(job.state).toBe("done");
    expect(job.attempts).toBe(1);
    expect(scored).toContain(pairId);
  }, 60_000);
});
