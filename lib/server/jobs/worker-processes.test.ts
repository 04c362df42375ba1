// Two real `snippet-lab worker` processes share one dataset's scoring on PostgreSQL, one is killed (SIGKILL) mid-job,
// and every pair is still scored exactly once: its ModelRun rows written once (a trigger logs every insert and update),
// none missing. Run by scripts/test-postgres.mjs (`npm test`), which sets SNIPPET_LAB_TEST_POSTGRES_URL and generates
// the PostgreSQL client; skipped otherwise. The workers score with the real default model.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/tests/test-support/wait-for";
import type { JobOut } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { spawnWorker, seedScoringDataset, stopWorker, type WorkerProcess } from "./test-support/worker-processes";

const baseUrl = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;

type PgPrisma = {
  $disconnect(): Promise<void>;
  $executeRawUnsafe(sql: string): Promise<number>;
  $queryRawUnsafe<T>(sql: string): Promise<T>;
};

describe.skipIf(!baseUrl)("snippet-lab worker processes on PostgreSQL", () => {
  // A database of its own: postgres.test.ts, in parallel, expects to migrate a fresh one.
  const url = baseUrl?.replace(/\/postgres\?/, "/snippet_lab_workers?");
  let db: PgPrisma;
  const asDb = () => db as unknown as Db;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: baseUrl! });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS snippet_lab_workers");
    await admin.query("CREATE DATABASE snippet_lab_workers");
    await admin.end();
    await migrateDatabase({ url: url!, migrationsDir: path.resolve(import.meta.dirname, "../../../prisma/migrations-postgresql") });
    const generated = "../db/generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) });
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) await stopWorker(w, 2_000);
    const { stopJobRunner } = await import("./job-runner");
    await stopJobRunner({ db: asDb() }).catch(() => undefined);
    await db?.$disconnect();
  });

  it("two workers score one dataset; one is killed mid-job; every pair is scored exactly once", async () => {
    const { startJobRunner } = await import("./job-runner");
    const { readJob, startJob } = await import("./jobs-api");
    const { datasetId, pairIds } = await seedScoringDataset({ db: asDb(), name: "workers", pairs: 100, documents: 2, chars: 1500 });
    // Every write of a ModelRun, logged by the database itself: a pair scored twice would show a second insert or an update.
    await db.$executeRawUnsafe(`CREATE TABLE "ModelRunWrites" ("pairId" TEXT, "documentId" TEXT, "op" TEXT)`);
    await db.$executeRawUnsafe(`CREATE FUNCTION log_model_run() RETURNS trigger AS $$ BEGIN
      INSERT INTO "ModelRunWrites" VALUES (NEW."pairId", NEW."documentId", TG_OP); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER log_model_run AFTER INSERT OR UPDATE ON "ModelRun" FOR EACH ROW EXECUTE FUNCTION log_model_run()`);

    // Two workers, one model thread each (two processes on the test machine's cores), started together on a database
    // without pg-boss's schema, as systemd or a deployment starts them (start-pg-boss.ts serializes their start).
    for (let i = 0; i < 2; i++)
      workers.push(spawnWorker({ url: url!, env: { SNIPPET_LAB_INTRA_OP_THREADS: "1", SNIPPET_LAB_JOB_CONCURRENCY: "1" } }));
    await Promise.all(workers.map((w) => w.ready));
    // This process only queues (as a server with SNIPPET_LAB_JOBS_IN_SERVER=0 does).
    await startJobRunner({ db: asDb(), url: url!, work: false, log: () => {} });
    const { jobs } = await startJob({ kind: "score-pairs", payload: { datasetId, workers: 2 }, db: asDb(), url: url! });
    expect(jobs).toHaveLength(2);
    const read = () => Promise.all(jobs.map((j) => readJob({ id: j.id, db: asDb() })));
    const holder = async (id: string) =>
      (
        await (db as unknown as { job: { findUnique(a: unknown): Promise<{ workerId: string | null } | null> } }).job.findUnique({
          where: { id },
          select: { workerId: true },
        })
      )?.workerId ?? null;

    // The first part a few pairs in: kill its worker (the other part is the other worker's: a worker runs one job at a time).
    const running = await waitFor(read, {
      until: (js: JobOut[]) => js[0]!.state === "running" && js[0]!.done >= 3,
      timeoutMs: 60_000,
      intervalMs: 100,
      message: (js) =>
        `jobs never ran together: ${JSON.stringify(js.map((j) => [j.state, j.done, j.total]))}\n${workers.map((w) => w.log()).join("\n")}`,
    });
    expect(running[0]!.done).toBeLessThan(running[0]!.total);
    const victimPid = Number((await holder(jobs[0]!.id))?.split(":")[1]);
    const victim = workers.find((w) => w.pid === victimPid)!;
    expect(victim).toBeDefined();
    const survivor = workers.find((w) => w !== victim)!;
    victim.child.kill("SIGKILL");
    await victim.exited;

    // The survivor finishes its part, sees the dead worker's job (its pid is gone) and resumes it.
    const finished = await waitFor(read, {
      until: (js: JobOut[]) => js.every((j) => j.state !== "running" && j.state !== "queued"),
      timeoutMs: 90_000,
      intervalMs: 200,
      message: (js) => `jobs did not finish: ${JSON.stringify(js.map((j) => [j.state, j.done, j.total]))}`,
    });
    expect(finished.map((j) => j.state)).toEqual(["done", "done"]);
    expect(finished[0]!.attempts).toBe(2);
    expect(finished.every((j) => j.failed === 0)).toBe(true);
    // Both parts ended on the survivor: its own, and the one it took over.
    for (const j of jobs) expect(Number((await holder(j.id))?.split(":")[1])).toBe(survivor.pid);

    const writes = await db.$queryRawUnsafe<{ pairId: string; documentId: string; op: string; n: bigint }[]>(
      `SELECT "pairId", "documentId", "op", COUNT(*) AS n FROM "ModelRunWrites" GROUP BY 1, 2, 3`,
    );
    expect(writes.filter((w) => w.op !== "INSERT" || Number(w.n) !== 1)).toEqual([]);
    expect(writes).toHaveLength(pairIds.length * 2);
    const perPair = await db.$queryRawUnsafe<{ pairId: string; n: bigint }[]>(
      `SELECT p."id" AS "pairId", COUNT(m."id") AS n FROM "Pair" p LEFT JOIN "ModelRun" m ON m."pairId" = p."id" WHERE p."datasetId" = '${datasetId}' GROUP BY 1`,
    );
    expect(perPair).toHaveLength(pairIds.length);
    expect(perPair.filter((p) => Number(p.n) !== 2)).toEqual([]);
  }, 110_000);
});
