// Several processes start their pg-boss runner at the same moment on a fresh database (N workers started together by
// systemd, a compose file or a deployment): every one comes up. Each runner has its own connection pool, so four in
// this process race on the database as four processes do. Before pg-boss was started under an advisory lock, a round
// often ended in "deadlock detected" (start-pg-boss.ts). Run by scripts/test-postgres.mjs (`npm test`), which sets
// SNIPPET_LAB_TEST_POSTGRES_URL; skipped otherwise.
import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { PG_BOSS_QUEUE, PgBossRunner } from "./pg-boss-runner";
import { startPgBoss } from "./start-pg-boss";

const baseUrl = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;

describe.skipIf(!baseUrl)("pg-boss runner on PostgreSQL", () => {
  // A database of its own: the other PostgreSQL test files expect to migrate fresh ones.
  const url = baseUrl?.replace(/\/postgres\?/, "/snippet_lab_queue_race?");
  let admin: Client;
  let client: Client;

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    admin = new pg.Client({ connectionString: baseUrl! });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS snippet_lab_queue_race");
    await admin.query("CREATE DATABASE snippet_lab_queue_race");
    client = new pg.Client({ connectionString: url! });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await admin?.end();
  });

  it("four runners started at once on a fresh database all start, and the queue is made once", async () => {
    for (let round = 0; round < 6; round++) {
      await client.query("DROP SCHEMA IF EXISTS pgboss CASCADE");
      // The runners only need the database for jobs, which none takes here (work: false).
      const runners = Array.from({ length: 4 }, () => new PgBossRunner({ url: url!, db: {} as Db, work: false, concurrency: 1 }));
      const started = await Promise.allSettled(runners.map((r) => r.start()));
      await Promise.all(runners.map((r) => r.stop()));
      expect(started.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
      // Ours, and pg-boss's own cron queue (made in start(): as racy as ours).
      const { rows } = await client.query("SELECT name FROM pgboss.queue ORDER BY name");
      expect(rows.map((r: { name: string }) => r.name)).toEqual(["__pgboss__send-it", PG_BOSS_QUEUE]);
    }
  }, 120_000);

  it("a start that fails stops its pg-boss (nothing keeps the process alive) and lets the next process start", async () => {
    const calls: string[] = [];
    const failing = {
      start: async () => void calls.push("start"),
      stop: async () => void calls.push("stop"),
      getQueue: async () => null,
      createQueue: async () => {
        throw new Error("no queue today");
      },
    };
    await expect(startPgBoss({ boss: failing, url: url!, queue: "q", queueOptions: {} })).rejects.toThrow("no queue today");
    expect(calls).toEqual(["start", "stop"]);
    // The lock was released: another start goes through at once.
    const ok = { ...failing, getQueue: async () => ({ name: "q" }) };
    await startPgBoss({ boss: ok, url: url!, queue: "q", queueOptions: {} });
    expect(calls).toEqual(["start", "stop", "start"]);
  });
});
