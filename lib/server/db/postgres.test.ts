// The schema on PostgreSQL: run by scripts/test-postgres.mjs (part of `npm test`), which starts a throwaway cluster,
// generates the PostgreSQL client into ./generated-pg and sets SNIPPET_LAB_TEST_POSTGRES_URL. Skipped otherwise.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { sleep, waitFor, waitForJob } from "@/tests/test-support/wait-for";
import { adjudicatePair } from "./annotations/adjudicate-pair";
import { getGoldSpans } from "./annotations/get-gold-spans";
import { listPairs } from "./annotations/list-pairs";
import { saveAnnotationSpans } from "./annotations/save-annotation-spans";
import type { Db } from "./client";
import { createPair } from "./create-pair";
import { migrateDatabase } from "./migrate";

const url = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;

type PgPrisma = { $disconnect(): Promise<void>; user: { create(a: unknown): Promise<{ id: string }> } } & Record<string, unknown>;

describe.skipIf(!url)("PostgreSQL", () => {
  let db: PgPrisma;
  // The data-access layer is typed against the SQLite client; the PostgreSQL client has the same API.
  const asDb = () => db as unknown as Db;

  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    // The process's database is this one, as in production: the SQL dialect of bulk reads follows DATABASE_URL.
    process.env.DATABASE_URL = url;
    const migrationsDir = path.resolve(import.meta.dirname, "../../../prisma/migrations-postgresql");
    const first = await migrateDatabase({ url: url!, migrationsDir });
    expect(first.applied.length).toBeGreaterThan(0);
    const again = await migrateDatabase({ url: url!, migrationsDir });
    expect(again.applied).toEqual([]);

    const generated = "./generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) });
  });
  afterAll(async () => {
    if (savedDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedDatabaseUrl;
    await db?.$disconnect();
  });

  it("round-trips a pair, an annotation with a version conflict, and gold through the data-access layer", async () => {
    const annotator = await db.user.create({ data: { email: "ann@pg.test", name: "ann", role: "annotator", passwordHash: "x" } });
    const reviewer = await db.user.create({ data: { email: "rev@pg.test", name: "rev", role: "reviewer", passwordHash: "x" } });
    // Non-Latin text and an astral character: offsets are UTF-16 code units on both databases.
    const text = "Міст відкрили 28 травня 1937 року. 桥于1937年通车。 Il ponte 🌉 è lungo 2,7 km.";
    const pair = await createPair({ db: asDb(), dataset: "pg", query: "коли відкрили міст", documents: [{ text }] });
    const stored = await (db as unknown as { document: { findUniqueOrThrow(a: unknown): Promise<{ text: string }> } }).document.findUniqueOrThrow({
      where: { id: pair.documentIds[0] },
    });
    const needle = "Il ponte 🌉 è lungo 2,7 km.";
    const start = stored.text.indexOf(needle);
    expect(start).toBeGreaterThan(0);
    const span = { documentId: pair.documentIds[0]!, start, end: start + needle.length, text: needle, category: "vital" as const };

    const saved = await saveAnnotationSpans({ db: asDb(), pairId: pair.id, annotatorId: annotator.id, baseVersion: 0, spans: [span] });
    expect(saved.version).toBe(1);
    const stale = await saveAnnotationSpans({ db: asDb(), pairId: pair.id, annotatorId: annotator.id, baseVersion: 0, spans: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAppError(stale) && stale.code).toBe("CONFLICT");

    await adjudicatePair({ db: asDb(), pairId: pair.id, reviewerId: reviewer.id, spans: [span] });
    const gold = await getGoldSpans({ db: asDb(), pairId: pair.id });
    expect(gold.spans.map((s) => [s.start, s.end, s.text, s.category, s.drift])).toEqual([[span.start, span.end, needle, "vital", undefined]]);
  });

  it("stores the queue's sort scores through the triggers and ranks by them: a new run or gold change re-ranks", async () => {
    const reviewer = await db.user.create({ data: { email: "rev-sort@pg.test", name: "rev", role: "reviewer", passwordHash: "x" } });
    const text = "Boil the eggs for nine minutes. Cool them in cold water.";
    const a = await createPair({ db: asDb(), dataset: "pg-sort", query: "eggs", documents: [{ text }] });
    const b = await createPair({ db: asDb(), dataset: "pg-sort", query: "eggs again", documents: [{ text }] });
    const offsets = new Uint8Array(16);
    new DataView(offsets.buffer).setUint32(4, 31, true);
    new DataView(offsets.buffer).setUint32(8, 32, true);
    new DataView(offsets.buffer).setUint32(12, text.length, true);
    const writeRun = (pair: { id: string; documentIds: string[] }, p: [number, number]) => {
      const probs = new Uint8Array(8);
      p.forEach((v, i) => new DataView(probs.buffer).setFloat32(i * 4, v, true));
      const where = { pairId_documentId_modelName: { pairId: pair.id, documentId: pair.documentIds[0]!, modelName: "m" } };
      const data = { inputHash: "h", tokenCount: 2, probs, offsets, createdAt: new Date() };
      return asDb().modelRun.upsert({ where, create: { pairId: pair.id, documentId: pair.documentIds[0]!, modelName: "m", ...data }, update: data });
    };
    const page = async (sort: "uncertainty" | "disagreement") =>
      (await listPairs({ db: asDb(), dataset: "pg-sort", sort, direction: "desc" })).items.map((i) => [i.id, i.score]);
    await writeRun(a, [0.5, 0.5]);
    await writeRun(b, [1, 0]);
    expect(await page("uncertainty")).toEqual([
      [a.id, 1],
      [b.id, 0],
    ]);
    await writeRun(b, [0.5, 0.5]);
    await writeRun(a, [1, 1]);
    expect(await page("uncertainty")).toEqual([
      [b.id, 1],
      [a.id, 0],
    ]);
    const vital = (end: number, start = 0) => ({
      documentId: a.documentIds[0]!,
      start,
      end,
      text: text.slice(start, end),
      category: "vital" as const,
    });
    await writeRun(a, [0.9, 0.1]);
    await adjudicatePair({ db: asDb(), pairId: a.id, reviewerId: reviewer.id, spans: [vital(31)] });
    expect(await page("disagreement")).toEqual([
      [a.id, 0],
      [b.id, null],
    ]);
    await adjudicatePair({ db: asDb(), pairId: a.id, reviewerId: reviewer.id, spans: [vital(text.length, 32)] });
    expect((await page("disagreement"))[0]).toEqual([a.id, 1]);
  });

  it("reads research views' bulk rows aggregated to JSON: texts, spans, units and unit scores as stored", async () => {
    const { listEvalPairs } = await import("./research/list-eval-pairs");
    const { saveDocumentUnits } = await import("./research/save-document-units");
    const { loadDocumentUnits } = await import("./research/load-document-units");
    const { saveModelRunUnits } = await import("./model-runs/save-model-run-units");
    const { listModelRunUnitsForPairs } = await import("./model-runs/list-model-run-units-for-pairs");
    const text = 'Quotes " and \\ a tab\there. Міст 1937 року. 桥于1937年通车。 🌉 Il ponte è lungo 2,7 km.';
    const pair = await createPair({
      db: asDb(),
      dataset: "pg-json",
      query: 'Wie "lang"?',
      documents: [{ text, title: "Brücke" }, { text: "Second." }],
    });
    const raw = db as unknown as {
      document: { findUniqueOrThrow(a: unknown): Promise<{ text: string; contentHash: string }> };
      span: { create(a: unknown): Promise<unknown> };
      modelRun: { create(a: unknown): Promise<{ id: string }>; update(a: unknown): Promise<unknown> };
    };
    const stored = await raw.document.findUniqueOrThrow({ where: { id: pair.documentIds[0] } });
    await raw.span.create({
      data: { pairId: pair.id, documentId: pair.documentIds[0], start: 0, end: 6, text: stored.text.slice(0, 6), category: "vital", source: "gold" },
    });
    const [read] = await listEvalPairs({ db: asDb(), pairIds: [pair.id], withJudge: true });
    expect(read!.query).toBe('Wie "lang"?');
    expect(read!.documents.map((d) => [d.text, d.title, d.contentHash])).toEqual([
      [stored.text, "Brücke", stored.contentHash],
      ["Second.", null, expect.any(String)],
    ]);
    expect(read!.gold).toEqual([{ documentId: pair.documentIds[0], start: 0, end: 6, category: "vital" }]);

    const units = [
      { start: 0, end: 6, block: 0 },
      { start: 7, end: 20, block: 1 },
    ];
    await saveDocumentUnits({ db: asDb(), key: "k", rows: [{ documentId: pair.documentIds[0]!, units, unitTokens: [2, 5], tokensIn: 7 }] });
    const loaded = await loadDocumentUnits({ db: asDb(), key: "k", documentIds: pair.documentIds });
    expect(loaded.units.get(pair.documentIds[0]!)).toEqual({ units, unitTokens: [2, 5], tokensIn: 7 });
    expect(loaded.units.has(pair.documentIds[1]!)).toBe(false);

    const run = await raw.modelRun.create({
      data: {
        pairId: pair.id,
        documentId: pair.documentIds[0],
        modelName: "m",
        inputHash: "h",
        tokenCount: 0,
        probs: new Uint8Array(),
        offsets: new Uint8Array(),
      },
    });
    await saveModelRunUnits({
      db: asDb(),
      rows: [
        { modelRunId: run.id, key: "k|mean", inputKey: "i", scores: [0.1 + 0.2, 1 / 3], categories: [{ start: 0, end: 6, category: "metadata" }] },
        { modelRunId: run.id, key: "k|max", inputKey: "i", scores: [], categories: null },
      ],
    });
    const runs = (await listModelRunUnitsForPairs({ db: asDb(), pairIds: [pair.id], modelName: "m" })).get(pair.id)!;
    expect(new Map(runs[0]!.reduced.map((r) => [r.key, r.units]))).toEqual(
      new Map([
        ["k|mean", { scores: [0.1 + 0.2, 1 / 3], categories: [{ start: 0, end: 6, category: "metadata" }] }],
        ["k|max", { scores: [], categories: null }],
      ]),
    );
    // The breakdown's joined read: the run's row with the units it was made for (key = units' key + suffix).
    const { listStoredUnitScores } = await import("./model-runs/list-stored-unit-scores");
    const joined = (await listStoredUnitScores({ db: asDb(), pairIds: [pair.id], modelName: "m", suffix: "|mean" })).get(pair.id);
    expect(joined).toEqual([
      {
        documentId: pair.documentIds[0],
        unitsKey: "k",
        inputKey: "i",
        units,
        unitTokens: [2, 5],
        tokensIn: 7,
        scores: [0.1 + 0.2, 1 / 3],
        categories: [{ start: 0, end: 6, category: "metadata" }],
      },
    ]);
    // The breakdown's stored sums, current while the pair's stamps are: its labels' (gold spans: how many, the latest
    // updatedAt; judge suggestions: how many, the latest createdAt) and its runs' (how many, the latest createdAt).
    const { listPairBreakdownSums } = await import("./research/list-pair-breakdown-sums");
    const { savePairBreakdownSums } = await import("./research/save-pair-breakdown-sums");
    const sumsOf = async () => (await listPairBreakdownSums({ db: asDb(), pairIds: [pair.id], key: "b", modelNames: ["m", "other"] })).get(pair.id);
    const unsummed = await sumsOf();
    expect(unsummed).toEqual({
      current: false,
      inputKey: expect.stringMatching(/^1@\d{4}-\d\d-\d\d .+\/0@$/),
      runs: expect.stringMatching(/^1@\d{4}-/),
    });
    if (unsummed?.current !== false) throw new Error("unreachable");
    const sums = [0.1 + 0.2, 1 / 3, 0, 7, 1e-17, 2, 3, 4, 5, 6, 7, 8, 9, 10].join(",");
    await savePairBreakdownSums({
      db: asDb(),
      rows: [{ pairId: pair.id, key: "b", inputKey: unsummed.inputKey, runs: unsummed.runs, source: "gold", sums }],
    });
    expect(await sumsOf()).toEqual({ current: true, source: "gold", sums });
    await raw.modelRun.update({ where: { id: run.id }, data: { createdAt: new Date(Date.now() + 60_000) } });
    const restamped = await sumsOf();
    expect(restamped).toMatchObject({ current: false, inputKey: unsummed.inputKey });
    expect((restamped as { runs: string }).runs).not.toBe(unsummed.runs);
    // Documents without texts: the same heads.
    const [head] = await listEvalPairs({ db: asDb(), pairIds: [pair.id], withJudge: true, withText: false });
    expect(head!.documents.map((d) => [d.title, d.contentHash, "text" in d])).toEqual([
      ["Brücke", stored.contentHash, false],
      [null, expect.any(String), false],
    ]);
  });

  it("keeps one active admin when two admins demote each other at the same moment (serializable transaction)", async () => {
    const { updateUser } = await import("../auth/update-user");
    const a = await db.user.create({ data: { email: "a@pg.test", name: "a", role: "admin", passwordHash: "x" } });
    const b = await db.user.create({ data: { email: "b@pg.test", name: "b", role: "admin", passwordHash: "x" } });
    const results = await Promise.allSettled([
      updateUser({ db: asDb(), userId: a.id, role: "annotator" }),
      updateUser({ db: asDb(), userId: b.id, disabled: true }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeLessThanOrEqual(1);
    for (const r of results) if (r.status === "rejected") expect(isAppError(r.reason) && r.reason.code).toBe("CONFLICT");
    const users = db.user as unknown as { count(a: unknown): Promise<number> };
    expect(await users.count({ where: { role: "admin", disabledAt: null, email: { in: ["a@pg.test", "b@pg.test"] } } })).toBeGreaterThanOrEqual(1);
  });

  it("runs background jobs through pg-boss: two workers share the queue, and a cancel reaches the one running a job", async () => {
    const generated = "./generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const { startJobRunner, stopJobRunner } = await import("../jobs/job-runner");
    const { cancelJob, readJob, startJob } = await import("../jobs/jobs-api");
    // Two workers, each with its own connection, as two `snippet-lab worker` processes would have.
    const workers = [0, 1].map(() => new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) }) as unknown as Db);
    const datasets: string[] = [];
    for (const name of ["pg-jobs-a", "pg-jobs-b", "pg-jobs-c"]) {
      for (let i = 0; i < 4; i++)
        datasets.push((await createPair({ db: asDb(), dataset: name, query: `q${i}`, documents: [{ text: `Doc ${i} of ${name}.` }] })).datasetId);
    }
    const [a, , , , b, , , , c] = datasets;
    // The runners' scorer: slow, and writing the ModelRun a real one would.
    const scorePair = async ({ pairId, db: workerDb }: { pairId: string; db: Db }) => {
      await sleep(400);
      const doc = await (
        workerDb as unknown as { pairDocument: { findFirstOrThrow(a: unknown): Promise<{ documentId: string }> } }
      ).pairDocument.findFirstOrThrow({
        where: { pairId },
        select: { documentId: true },
      });
      await workerDb.modelRun.create({
        data: {
          pairId,
          documentId: doc.documentId,
          modelName: "fake",
          inputHash: "h",
          tokenCount: 0,
          probs: new Uint8Array(0),
          offsets: new Uint8Array(0),
        },
      });
    };
    try {
      for (const w of workers) await startJobRunner({ db: w, url: url!, work: true, concurrency: 1, log: () => {}, services: { scorePair } });
      const ja = await startJob({ kind: "score-pairs", payload: { datasetId: a! }, db: workers[0]!, url: url! });
      const jb = await startJob({ kind: "score-pairs", payload: { datasetId: b! }, db: workers[0]!, url: url! });
      const settled = (id: string) => waitForJob(() => readJob({ id, db: asDb() }), { timeoutMs: 60_000, intervalMs: 100 });
      expect(await settled(ja.job.id)).toMatchObject({ state: "done", total: 4, done: 4, failed: 0 });
      expect(await settled(jb.job.id)).toMatchObject({ state: "done", total: 4, done: 4, failed: 0 });
      const jobs = db.job as unknown as { findMany(a: unknown): Promise<{ workerId: string | null }[]> };
      const holders = await jobs.findMany({ where: { id: { in: [ja.job.id, jb.job.id] } }, select: { workerId: true } });
      // Each worker took one: the second job did not wait for the first.
      expect(new Set(holders.map((h) => h.workerId)).size).toBe(2);

      const jc = await startJob({ kind: "score-pairs", payload: { datasetId: c! }, db: workers[1]!, url: url! });
      await waitFor(() => readJob({ id: jc.job.id, db: asDb() }), { until: (j) => j.state === "running", timeoutMs: 10_000, intervalMs: 100 }).catch(
        () => undefined,
      );
      await cancelJob({ id: jc.job.id, db: asDb() });
      const cancelled = await settled(jc.job.id);
      expect(cancelled.state).toBe("cancelled");
      expect(cancelled.done).toBeLessThan(4);
    } finally {
      for (const w of workers) {
        await stopJobRunner({ db: w });
        await (w as unknown as PgPrisma).$disconnect();
      }
    }
  }, 120_000);

  it("two workers share one judge run through pg-boss and never judge the same pair twice", async () => {
    const generated = "./generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const { startJobRunner, stopJobRunner } = await import("../jobs/job-runner");
    const { readJob, startJob } = await import("../jobs/jobs-api");
    const { startLocalJudgeServer } = await import("../judge/test-support/local-judge-server");
    // "slow": each request takes a while, so both workers are busy at the same time.
    const server = await startLocalJudgeServer({ slowMs: 150 });
    const keys = ["SNIPPET_LAB_JUDGE_BASE_URL", "SNIPPET_LAB_JUDGE_MODEL", "SNIPPET_LAB_JUDGE_CONCURRENCY", "SNIPPET_LAB_JUDGE_MAX_RETRIES"] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    Object.assign(process.env, {
      SNIPPET_LAB_JUDGE_BASE_URL: server.url,
      SNIPPET_LAB_JUDGE_MODEL: "local-rules+slow",
      SNIPPET_LAB_JUDGE_CONCURRENCY: "2",
      SNIPPET_LAB_JUDGE_MAX_RETRIES: "0",
    });
    const workers = [0, 1].map(() => new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) }) as unknown as Db);
    let datasetId = "";
    const n = 12;
    for (let i = 0; i < n; i++) {
      const page = `Menu | Search\n\nThe museum opens at ${i + 8} am on Sundays and tickets cost ${i + 5} euros. Our shop sells postcards.`;
      datasetId = (await createPair({ db: asDb(), dataset: "pg-judge", query: `when does the museum open ${i}`, documents: [{ text: page }] }))
        .datasetId;
    }
    try {
      for (const w of workers) await startJobRunner({ db: w, url: url!, work: true, concurrency: 1, log: () => {} });
      const started = await startJob({ kind: "judge-run", payload: { datasetId, workers: 2 }, db: workers[0]!, url: url! });
      expect(started.jobs).toHaveLength(2);
      for (const j of started.jobs) {
        await waitForJob(() => readJob({ id: j.id, db: asDb() }), { timeoutMs: 120_000, intervalMs: 100 }).catch(() => undefined);
        expect((await readJob({ id: j.id, db: asDb() })).state).toBe("done");
      }
      const q = db as unknown as {
        judgeRunPair: { findMany(a: unknown): Promise<{ pairId: string; state: string; attempts: number; jobId: string | null }[]> };
        judgeJudgment: { groupBy(a: unknown): Promise<{ pairId: string; _count: { _all: number } }[]> };
        job: { findMany(a: unknown): Promise<{ workerId: string | null }[]> };
      };
      const rows = await q.judgeRunPair.findMany({ where: { run: { datasetId } } });
      expect(rows).toHaveLength(n);
      expect(rows.every((r) => r.state === "done" && r.attempts === 1)).toBe(true);
      // Both jobs took pairs, on different workers.
      expect(new Set(rows.map((r) => r.jobId)).size).toBe(2);
      const holders = await q.job.findMany({ where: { id: { in: started.jobs.map((j) => j.id) } }, select: { workerId: true } });
      expect(new Set(holders.map((h) => h.workerId)).size).toBe(2);
      // One judgment per pair, and every distinct request reached the judge once.
      const judgments = await q.judgeJudgment.groupBy({
        by: ["pairId"],
        where: { pairId: { in: rows.map((r) => r.pairId) } },
        _count: { _all: true },
      });
      expect(judgments).toHaveLength(n);
      expect(judgments.every((g) => g._count._all === 1)).toBe(true);
      const bodies = server.requests.filter((r) => !r.repair).map((r) => JSON.stringify(r.messages));
      expect(new Set(bodies).size).toBe(bodies.length);
    } finally {
      for (const w of workers) {
        await stopJobRunner({ db: w });
        await (w as unknown as PgPrisma).$disconnect();
      }
      await server.close();
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }, 180_000);
});
