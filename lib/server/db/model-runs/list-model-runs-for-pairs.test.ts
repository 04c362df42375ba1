import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../../auth/test-helpers";
import { createDbClient } from "../client";
import { createPair } from "../create-pair";
import type { PrismaClient } from "../generated/client";
import { listModelRuns } from "./list-model-runs";
import { listModelRunsForPairs } from "./list-model-runs-for-pairs";
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
