// computePairScores keeps scores per process and scores again exactly the pairs whose runs or gold changed; a change
// it cannot place (a deleted run, a run written with an old time) drops every cached score.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../generated/client";
import { adjudicatePair } from "./adjudicate-pair";
import { computePairScores } from "./compute-pair-scores";
import { createTestDb, createTestPair, createUser, spanOf, type TestDb, type TestPair } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let a: TestPair;
let b: TestPair;
let reviewer: string;

const f32 = (values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setFloat32(i * 4, v, true));
  return out;
};
/** One run of three "tokens": the first three sentences of document 0. */
async function writeRun(pair: TestPair, probs: number[], createdAt = new Date()) {
  const text = pair.texts[0]!;
  const offsets = new Uint8Array(24);
  ["Boil the eggs for nine minutes.", "Cool them in cold water.", "Subscribe to our newsletter!"].forEach((s, i) => {
    const view = new DataView(offsets.buffer);
    view.setUint32(i * 8, text.indexOf(s), true);
    view.setUint32(i * 8 + 4, text.indexOf(s) + s.length, true);
  });
  const where = { pairId_documentId_modelName: { pairId: pair.pairId, documentId: pair.documentIds[0]!, modelName: "m" } };
  const data = { inputHash: "h", tokenCount: probs.length, probs: f32(probs), offsets, createdAt };
  await db.modelRun.upsert({ where, create: { pairId: pair.pairId, documentId: pair.documentIds[0]!, modelName: "m", ...data }, update: data });
}
const uncertainty = async () => computePairScores({ db, pairIds: [a.pairId, b.pairId], kind: "uncertainty" });

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  reviewer = await createUser(db, "rev", "reviewer");
  a = await createTestPair(db, { dataset: "cache" });
  b = await createTestPair(db, { dataset: "cache" });
});
afterAll(async () => t?.cleanup());

describe("queue score cache", () => {
  it("scores again the pairs whose runs were written, replaced or deleted", async () => {
    await writeRun(a, [0.5, 0.5, 0.5]);
    expect([...(await uncertainty())]).toEqual([[a.pairId, 1]]);
    await writeRun(b, [1, 0, 1]);
    expect([...(await uncertainty())]).toEqual([
      [a.pairId, 1],
      [b.pairId, 0],
    ]);
    await writeRun(a, [1, 1, 1]); // replaced: a new createdAt
    expect((await uncertainty()).get(a.pairId)).toBe(0);
    // Written with a time long before anything the cache has seen: not in the window read again, so all is dropped.
    await writeRun(b, [0.5, 0.5, 0.5], new Date(1_000));
    await db.modelRun.deleteMany({ where: { pairId: a.pairId } });
    expect([...(await uncertainty())]).toEqual([[b.pairId, 1]]);
    await writeRun(a, [0.5, 0.5, 0.5], new Date(2_000));
    expect([...(await uncertainty())].sort()).toEqual([
      [a.pairId, 1],
      [b.pairId, 1],
    ]);
  });

  it("scores disagreement again when gold changes", async () => {
    await writeRun(a, [0.9, 0.1, 0.1]);
    const disagreement = async () => (await computePairScores({ db, pairIds: [a.pairId], kind: "disagreement" })).get(a.pairId);
    expect(await disagreement()).toBeUndefined(); // no gold yet
    await adjudicatePair({ db, pairId: a.pairId, reviewerId: reviewer, spans: [spanOf(a, 0, "Boil the eggs for nine minutes.", "vital")] });
    expect(await disagreement()).toBe(0);
    await adjudicatePair({ db, pairId: a.pairId, reviewerId: reviewer, spans: [spanOf(a, 0, "Cool them in cold water.", "vital")] });
    expect(await disagreement()).toBe(1);
  });
});
