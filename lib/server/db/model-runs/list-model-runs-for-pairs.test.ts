import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../../auth/test-helpers";
import { createDbClient } from "../client";
import { createPair } from "../create-pair";
import type { PrismaClient } from "../generated/client";
import { listModelRuns } from "./list-model-runs";
import { listModelRunUnitsForPairs } from "./list-model-run-units-for-pairs";
import { listModelRunsForPairs } from "./list-model-runs-for-pairs";
import { saveModelRunUnits } from "./save-model-run-units";
import { saveModelRuns } from "./save-model-runs";

let temp: TempDatabase;
let db: PrismaClient;
let pairId: string;
let documentId: string;

const scores = (p: number) => ({
  starts: Int32Array.from([0, 4]),
  ends: Int32Array.from([3, 8]),
  probs: Float32Array.from([p, 1 - p]),
  categories: Uint8Array.from([0, 4]),
});

beforeAll(async () => {
  temp = await createTempDatabase("model-runs");
  db = createDbClient({ url: temp.url });
  const created = await createPair({ db, dataset: "runs", query: "q", documents: [{ text: "One two three." }] });
  pairId = created.id;
  documentId = created.documentIds[0]!;
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("listModelRunsForPairs (decoded runs kept in memory)", () => {
  it("returns a replaced run's new probabilities, not the ones read before", async () => {
    await saveModelRuns({ db, pairId, modelName: "m", runs: [{ documentId, inputHash: "h1", scores: scores(0.25) }] });
    const first = (await listModelRunsForPairs({ db, pairIds: [pairId], modelName: "m" })).get(pairId)!;
    expect(Array.from(first[0]!.scores!.probs)).toEqual([0.25, 0.75]);
    // Read again: the same decoded arrays (from memory).
    const again = (await listModelRunsForPairs({ db, pairIds: [pairId], modelName: "m" })).get(pairId)!;
    expect(again[0]!.scores).toBe(first[0]!.scores);

    await new Promise((r) => setTimeout(r, 5));
    await saveModelRuns({ db, pairId, modelName: "m", runs: [{ documentId, inputHash: "h1", scores: scores(0.5) }] });
    const replaced = await listModelRuns({ db, pairId, modelName: "m" });
    expect(replaced).toHaveLength(1);
    expect(Array.from(replaced[0]!.scores!.probs)).toEqual([0.5, 0.5]);
    expect(Array.from(replaced[0]!.scores!.categories!)).toEqual([0, 4]);

    // A stale hash written behind the cache's back is what the header says.
    await db.modelRun.updateMany({ where: { pairId }, data: { inputHash: "stale" } });
    expect((await listModelRuns({ db, pairId, modelName: "m" }))[0]!.inputHash).toBe("stale");
    expect(await listModelRuns({ db, pairId, modelName: "other" })).toEqual([]);
  });
});

describe("listModelRunsForPairs over more tokens than its memory cache holds", () => {
  it("returns every run of the request (the cache evicting the request's own first runs leaves no pair unscored)", async () => {
    const pairs = [];
    for (let i = 0; i < 5; i++) {
      const p = await createPair({ db, dataset: "evict", query: `q${i}`, documents: [{ text: "One two three." }, { text: "Four five." }] });
      await saveModelRuns({
        db,
        pairId: p.id,
        modelName: "evict",
        runs: p.documentIds.map((documentId) => ({ documentId, inputHash: `h${i}`, scores: scores(i / 10) })),
      });
      pairs.push(p.id);
    }
    // 20 tokens in all, a cache of 5: the 10 runs are decoded in one chunk and all but the last two or so evicted.
    const runs = await listModelRunsForPairs({ db, pairIds: pairs, modelName: "evict", maxCachedTokens: 5 });
    expect(pairs.map((id) => runs.get(id)?.length)).toEqual([2, 2, 2, 2, 2]);
    for (const [i, id] of pairs.entries())
      for (const run of runs.get(id)!) expect(Array.from(run.scores!.probs)).toEqual([Math.fround(i / 10), Math.fround(1 - i / 10)]);
    // Read again: the evicted runs are decoded again, the result is the same.
    const again = await listModelRunsForPairs({ db, pairIds: pairs, modelName: "evict", maxCachedTokens: 5 });
    expect(pairs.map((id) => again.get(id)?.length)).toEqual([2, 2, 2, 2, 2]);
  });
});

describe("ModelRunUnits (unit scores and category intervals of a run)", () => {
  it("round-trips exact scores, no-head and empty category lists, replaces a key's row, and flags damaged bytes", async () => {
    await saveModelRuns({ db, pairId, modelName: "u", runs: [{ documentId, inputHash: "h", scores: scores(0.25) }] });
    const runId = (await db.modelRun.findFirstOrThrow({ where: { pairId, modelName: "u" } })).id;
    // Float64: what aggregation gave, to the bit (a Float32 would move a unit across a threshold).
    const exact = [0.1 + 0.2, 1 / 3, 0];
    await saveModelRunUnits({
      db,
      rows: [
        { modelRunId: runId, key: "k|mean", inputKey: "i1", scores: exact, categories: [{ start: 0, end: 3, category: "ui_navigation" }] },
        { modelRunId: runId, key: "k|max", inputKey: "i1", scores: [0.5], categories: null },
        { modelRunId: runId, key: "k|none", inputKey: "i1", scores: [], categories: [] },
      ],
    });
    const read = async () => (await listModelRunUnitsForPairs({ db, pairIds: [pairId], modelName: "u" })).get(pairId)!;
    const [run] = await read();
    expect(run!.id).toBe(runId);
    expect(run!.documentId).toBe(documentId);
    const byKey = new Map(run!.reduced.map((r) => [r.key, r]));
    expect(byKey.get("k|mean")!.units).toEqual({ scores: exact, categories: [{ start: 0, end: 3, category: "ui_navigation" }] });
    expect(byKey.get("k|max")!.units).toEqual({ scores: [0.5], categories: null });
    expect(byKey.get("k|none")!.units).toEqual({ scores: [], categories: [] });

    // Same run and key again: replaced, not duplicated.
    await saveModelRunUnits({ db, rows: [{ modelRunId: runId, key: "k|mean", inputKey: "i2", scores: [0.75, 0.5, 0.25], categories: null }] });
    const replaced = (await read())[0]!.reduced.filter((r) => r.key === "k|mean");
    expect(replaced).toEqual([{ key: "k|mean", inputKey: "i2", unitCount: 3, units: { scores: [0.75, 0.5, 0.25], categories: null } }]);

    // Bytes that do not hold unitCount scores: listed, with no units (the caller recomputes them).
    await db.modelRunUnits.update({ where: { modelRunId_key: { modelRunId: runId, key: "k|max" } }, data: { unitCount: 4 } });
    expect((await read())[0]!.reduced.find((r) => r.key === "k|max")!.units).toBeNull();

    // A run deleted meanwhile: its row is skipped, the others stored.
    await expect(
      saveModelRunUnits({
        db,
        rows: [
          { modelRunId: "no-such-run", key: "k|mean", inputKey: "i", scores: [1], categories: null },
          { modelRunId: runId, key: "k|new", inputKey: "i", scores: [1], categories: null },
        ],
      }),
    ).resolves.toBeUndefined();
    expect((await read())[0]!.reduced.map((r) => r.key).sort()).toEqual(["k|max", "k|mean", "k|new", "k|none"]);
    expect(await db.modelRunUnits.count({ where: { modelRunId: "no-such-run" } })).toBe(0);
    // A run scored again drops its rows (they were made from its old probabilities) …
    await saveModelRuns({ db, pairId, modelName: "u", runs: [{ documentId, inputHash: "h", scores: scores(0.5) }] });
    expect(await db.modelRunUnits.count({ where: { modelRunId: runId } })).toBe(0);
    // … and a deleted run takes its rows along.
    await saveModelRunUnits({ db, rows: [{ modelRunId: runId, key: "k|mean", inputKey: "i", scores: [1], categories: null }] });
    await db.modelRun.delete({ where: { id: runId } });
    expect(await db.modelRunUnits.count({ where: { modelRunId: runId } })).toBe(0);
  });
});
