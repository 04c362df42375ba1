import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { JobOut } from "@/lib/schemas/jobs";
import { waitFor, waitForJob } from "@/tests/test-support/wait-for";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { createJob } from "../db/jobs/create-job";
import { cancelJob, readJob, resumeJob, startJob } from "./jobs-api";
import { stopJobRunner, startJobRunner } from "./job-runner";

// The job runner on SQLite: jobs in the database with progress, failures, one live job per scope, cancel, resume where
// it stopped, and orphaned jobs (a process that died) taken over. The score-pairs kind with a fake scorer, passed to
// the runner as its scorePair service, that writes the ModelRun a real one would (so "unscored" shrinks as it goes).
// Each test owns a dataset, its fake and its runner (stopped after it): no test depends on another's state.

let temp: TempDatabase;
let db: PrismaClient;
const datasets: Record<string, string> = {};
const pairs: Record<string, string[]> = {};

async function seed(name: string, n: number): Promise<void> {
  pairs[name] = [];
  for (let i = 0; i < n; i++) {
    const p = await createPair({
      db,
      dataset: `runner-${name}`,
      query: `q${i}`,
      documents: [{ text: `Document ${i} of ${name}. It has two sentences.` }],
    });
    pairs[name]!.push(p.id);
    datasets[name] = p.datasetId;
  }
}

/** A fake scorePair: records its calls, waits `delayMs`, fails the `failing` pairs, else writes a ModelRun. */
function fakeScorer(o: { delayMs?: number; failing?: readonly string[] } = {}) {
  const fake = {
    calls: [] as string[],
    delayMs: o.delayMs ?? 0,
    async scorePair({ pairId }: { pairId: string }): Promise<void> {
      fake.calls.push(pairId);
      if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
      if (o.failing?.includes(pairId)) throw new AppError("UNPROCESSABLE", `pair ${pairId} is broken`);
      const doc = await db.pairDocument.findFirstOrThrow({ where: { pairId }, select: { documentId: true } });
      await db.modelRun.create({
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
    },
  };
  return fake;
}

/** This test's runner, taking jobs with the fake as its scorer (as the server's would with the real one). */
async function startRunner(fake: ReturnType<typeof fakeScorer>): Promise<void> {
  await startJobRunner({ db, work: true, log: () => {}, services: { scorePair: fake.scorePair } });
}

const settled = (id: string): Promise<JobOut> => waitForJob(() => readJob({ id, db }), { intervalMs: 25 });

beforeAll(async () => {
  temp = await createTempDatabase("job-runner");
  db = createDbClient({ url: temp.url });
  await seed("a", 5);
  await seed("b", 6);
  await seed("c", 3);
  await seed("d", 12);
});
afterEach(async () => {
  await stopJobRunner({ db });
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("the in-process job runner (SQLite)", () => {
  it("runs a job to the end with progress and its failures listed; one live job per scope", async () => {
    const fake = fakeScorer({ delayMs: 30, failing: [pairs.a![2]!] });
    await startRunner(fake);
    const { job, started } = await startJob({ kind: "score-pairs", payload: { datasetId: datasets.a! }, createdById: null, db });
    expect(started).toBe(true);
    expect(job).toMatchObject({ kind: "score-pairs", scope: `dataset:${datasets.a}`, attempts: 0 });
    const again = await startJob({ kind: "score-pairs", payload: { datasetId: datasets.a! }, db });
    expect(again).toMatchObject({ started: false, job: { id: job.id } });

    const done = await settled(job.id);
    expect(done).toMatchObject({ state: "done", total: 5, done: 5, failed: 1, attempts: 1, error: null, hasResult: true });
    expect(done.failures).toEqual([{ item: pairs.a![2], message: `pair ${pairs.a![2]} is broken` }]);
    expect(new Set(fake.calls)).toEqual(new Set(pairs.a));
    // Finished: a new start makes a new job, which finds only the failed pair unscored and skips nothing else.
    const next = await startJob({ kind: "score-pairs", payload: { datasetId: datasets.a! }, db });
    expect(next.started).toBe(true);
    expect(await settled(next.job.id)).toMatchObject({ state: "done", total: 1, done: 1, failed: 1 });
  });

  it("cancels a running job at its next progress report, and resumes it where it stopped", async () => {
    const fake = fakeScorer({ delayMs: 250 });
    await startRunner(fake);
    const { job } = await startJob({ kind: "score-pairs", payload: { datasetId: datasets.b! }, db });
    await waitFor(async () => fake.calls.length, { until: (n) => n >= 2, timeoutMs: 10_000, intervalMs: 20 });
    const cancelling = await cancelJob({ id: job.id, db });
    expect(cancelling.cancelRequested).toBe(true);
    const cancelled = await settled(job.id);
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.done).toBeGreaterThan(0);
    expect(cancelled.done).toBeLessThan(6);
    const scoredBefore = cancelled.done;

    fake.delayMs = 10;
    const resumed = await resumeJob({ id: job.id, db });
    expect(["queued", "running"]).toContain(resumed.state);
    const finished = await settled(job.id);
    expect(finished).toMatchObject({ state: "done", total: 6, done: 6, failed: 0, attempts: 2 });
    // Every pair scored exactly once across the two runs: the resumed run went on from where the first stopped.
    expect(fake.calls.filter((id) => pairs.b!.includes(id)).sort()).toEqual([...pairs.b!].sort());
    expect(fake.calls.slice(0, scoredBefore).every((id) => pairs.b!.includes(id))).toBe(true);
    await expect(resumeJob({ id: job.id, db })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a queued job cancels at once; an orphaned running job (its process died) is queued again and resumed", async () => {
    // Queued without a runner taking it (no dispatch): cancelled at once.
    const { job: queued } = await createJob({ kind: "score-pairs", scope: "test:queued", payload: {}, db });
    await cancelJob({ id: queued.id, db });
    expect((await readJob({ id: queued.id, db })).state).toBe("cancelled");

    // A job a dead worker held, its heartbeat ten minutes old.
    const { job: orphan } = await createJob({ kind: "score-pairs", scope: `dataset:${datasets.c}`, payload: { datasetId: datasets.c! }, db });
    const old = new Date(Date.now() - 10 * 60_000);
    await db.job.update({
      where: { id: orphan.id },
      data: { state: "running", workerId: "gone:1:dead", heartbeatAt: old, startedAt: old, attempts: 1, done: 1, total: 3 },
    });
    // A runner starting (as the server does on start) finds it, queues it again and runs it to the end.
    await startRunner(fakeScorer());
    const finished = await settled(orphan.id);
    expect(finished).toMatchObject({ state: "done", attempts: 2, failed: 0 });
    expect(finished.done).toBeGreaterThanOrEqual(3);
    expect(await db.modelRun.count({ where: { pair: { datasetId: datasets.c } } })).toBe(3);
  });

  it("splits a dataset over `workers` jobs: each scores its own part, every pair exactly once", async () => {
    const fake = fakeScorer({ delayMs: 5 });
    await startJobRunner({ db, work: true, concurrency: 3, log: () => {}, services: { scorePair: fake.scorePair } });
    const { jobs } = await startJob({ kind: "score-pairs", payload: { datasetId: datasets.d!, workers: 3 }, db });
    expect(jobs.map((j) => j.scope)).toEqual([`dataset:${datasets.d}`, `dataset:${datasets.d}:part:1`, `dataset:${datasets.d}:part:2`]);
    // A second start while they run returns the first part, as a start without workers does.
    expect(await startJob({ kind: "score-pairs", payload: { datasetId: datasets.d!, workers: 3 }, db })).toMatchObject({ started: false });
    const finished = await Promise.all(jobs.map((j) => settled(j.id)));
    expect(finished.map((j) => j.state)).toEqual(["done", "done", "done"]);
    expect(finished.reduce((n, j) => n + j.done, 0)).toBe(12);
    expect([...fake.calls].sort()).toEqual([...pairs.d!].sort());
  });

  it("refuses a job that cannot run before queueing it", async () => {
    await expect(startJob({ kind: "score-pairs", payload: { datasetId: "no-such-dataset" }, db })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(startJob({ kind: "frontier-sweep", payload: { datasetId: datasets.a!, methods: ["bm25"] }, db })).rejects.toMatchObject({
      code: "UNPROCESSABLE",
      message: expect.stringContaining("no gold pairs"),
    });
  });
});
