import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { listUnscoredPairs } from "../db/annotations/list-unscored-pairs";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { findScoreJob, getScoreJob, startScoreJob } from "./score-jobs";
import { type ScoreJob } from "../../schemas/scoring";

let temp: TempDatabase;
let db: PrismaClient;
const ids: Record<string, string[]> = { a: [], b: [], c: [] };
const datasets: Record<string, string> = {};

beforeAll(async () => {
  process.env.SNIPPET_LAB_INTRA_OP_THREADS ??= "1";
  temp = await createTempDatabase("score-jobs");
  db = createDbClient({ url: temp.url });
  for (const [name, n] of [
    ["a", 3],
    ["b", 1],
    ["c", 3],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const p = await createPair({
        db,
        dataset: `jobs-${name}`,
        query: `When does museum ${i} open?`,
        documents: [{ text: `Museum ${i} opens at ${9 + i} am. Tickets cost 12 euros.` }],
      });
      ids[name]!.push(p.id);
      datasets[name] = p.datasetId;
    }
  }
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

async function finished(id: string): Promise<ScoreJob> {
  for (let i = 0; i < 600; i++) {
    const j = getScoreJob(id);
    if (j && j.state !== "running") return j;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("job did not finish");
}

describe("score jobs", () => {
  it("score every unscored pair of the dataset in the background, with progress, and only that dataset", async () => {
    const { job, started } = startScoreJob({ datasetId: datasets.a!, startedBy: "u1", db });
    expect(started).toBe(true);
    expect(job.state).toBe("running");
    // A second start while it runs returns the same job.
    const again = startScoreJob({ datasetId: datasets.a!, startedBy: "u2", db });
    expect(again).toMatchObject({ started: false, job: { id: job.id } });
    expect(findScoreJob({ datasetId: datasets.a! })?.id).toBe(job.id);

    const done = await finished(job.id);
    expect(done).toMatchObject({ state: "done", total: 3, done: 3, scored: 3, failed: 0, error: null });
    expect(done.finishedAt).not.toBeNull();
    expect((await listUnscoredPairs({ db, datasetId: datasets.a! })).total).toBe(0);
    expect((await listUnscoredPairs({ db, datasetId: datasets.b! })).total).toBe(1);
    expect(findScoreJob({ datasetId: datasets.a! })?.id).toBe(job.id);
    expect(findScoreJob({ datasetId: datasets.b! })).toBeNull();
  }, 120_000);

  it("a failing pair is reported and skipped; the job still goes through the rest and ends", async () => {
    const bad = ids.c![1]!;
    const seen: string[] = [];
    const { job } = startScoreJob({
      datasetId: datasets.c!,
      startedBy: "u1",
      db,
      score: async (pairId) => {
        seen.push(pairId);
        if (pairId === bad) throw new AppError("UNPROCESSABLE", "broken document");
      },
    });
    const done = await finished(job.id);
    // The fake scorer writes no ModelRun: every pair stays "unscored", yet each is tried exactly once.
    expect(seen.sort()).toEqual([...ids.c!].sort());
    expect(done).toMatchObject({ state: "done", total: 3, done: 3, scored: 2, failed: 1, failures: [{ pairId: bad, message: "broken document" }] });
  });
});
