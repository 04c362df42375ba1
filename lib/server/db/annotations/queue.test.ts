import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../generated/client";
import { adjudicatePair } from "./adjudicate-pair";
import { getNextPair } from "./get-next-pair";
import { listPairs, type ListPairsOptions } from "./list-pairs";
import { saveAnnotationSpans } from "./save-annotation-spans";
import { submitAnnotation } from "./submit-annotation";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb, type TestPair } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let alice: string;
let carol: string;
let bob: string;
let p: TestPair[]; // P1..P4 in dataset "queue"
let other: TestPair;

const ids = async (o: Omit<ListPairsOptions, "db">) => (await listPairs({ db, ...o, limit: 100 })).items.map((i) => i.id);
const byId = (...list: TestPair[]) => list.map((x) => x.pairId).sort();

/** Walks every page with the given page size and returns the ids in order. */
async function walk(o: Omit<ListPairsOptions, "db" | "cursor" | "limit">, limit: number): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const page = await listPairs({ db, ...o, limit, cursor });
    out.push(...page.items.map((i) => i.id));
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

function f32(values: number[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}
function u32(pairs: [number, number][]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(pairs.length * 8);
  const view = new DataView(out.buffer);
  pairs.forEach(([s, e], i) => {
    view.setUint32(i * 8, s, true);
    view.setUint32(i * 8 + 4, e, true);
  });
  return out;
}
/** Three "tokens" = the three sentences of document 0. */
function sentenceOffsets(pair: TestPair): [number, number][] {
  const text = pair.texts[0]!;
  return ["Boil the eggs for nine minutes.", "Cool them in cold water.", "Subscribe to our newsletter!"].map((s) => {
    const i = text.indexOf(s);
    return [i, i + s.length];
  });
}
async function addRun(pair: TestPair, modelName: string, probs: number[], createdAt: Date) {
  await db.modelRun.create({
    data: {
      pairId: pair.pairId,
      documentId: pair.documentIds[0]!,
      modelName,
      inputHash: "h",
      tokenCount: probs.length,
      probs: f32(probs),
      offsets: u32(sentenceOffsets(pair)),
      createdAt,
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  alice = await createUser(db, "alice");
  carol = await createUser(db, "carol");
  bob = await createUser(db, "bob", "reviewer");
  p = [];
  for (let i = 0; i < 4; i++) p.push(await createTestPair(db, { dataset: "queue", query: `q${i + 1}` }));
  other = await createTestPair(db, { dataset: "other" });
  const [p1, p2, p3] = p as [TestPair, TestPair, TestPair, TestPair];
  await saveAnnotationSpans({ db, pairId: p1.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(p1, 0, "Boil", "vital")] });
  await saveAnnotationSpans({ db, pairId: p2.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(p2, 0, "Subscribe", "ads")] });
  await submitAnnotation({ db, pairId: p2.pairId, annotatorId: alice });
  await saveAnnotationSpans({ db, pairId: p3.pairId, annotatorId: carol, baseVersion: 0, spans: [spanOf(p3, 1, "six", "vital")] });
});
afterAll(async () => t?.cleanup());

describe("listPairs filters", () => {
  it("filters by dataset, status, annotator and category", async () => {
    const [p1, p2, p3, p4] = p as [TestPair, TestPair, TestPair, TestPair];
    expect((await ids({ dataset: "queue" })).sort()).toEqual(byId(p1, p2, p3, p4));
    const { datasetId } = await db.pair.findUniqueOrThrow({ where: { id: other.pairId } });
    expect(await ids({ datasetId })).toEqual([other.pairId]);
    expect(await ids({ dataset: "queue", status: "unlabeled" })).toEqual([p4.pairId]);
    expect((await ids({ dataset: "queue", status: ["in_progress", "submitted"] })).sort()).toEqual(byId(p1, p2, p3));
    expect((await ids({ annotatorId: alice })).sort()).toEqual(byId(p1, p2));
    expect(await ids({ category: "ads" })).toEqual([p2.pairId]);
    expect((await ids({ category: "vital" })).sort()).toEqual(byId(p1, p3));
    expect(await ids({ category: "vital", annotatorId: carol })).toEqual([p3.pairId]);
    const [item] = (await listPairs({ db, annotatorId: alice, status: "submitted" })).items;
    expect(item).toMatchObject({
      id: p2.pairId,
      dataset: "queue",
      query: "q2",
      documentCount: 2,
      status: "submitted",
      annotation: { status: "submitted", version: 2 },
    });
    await expectAppError(listPairs({ db, status: "bogus" as never }), "UNPROCESSABLE");
  });
});

describe("listPairs sorting and cursors", () => {
  it("paginates by updatedAt in both directions without gaps or repeats", async () => {
    const all = await ids({ dataset: "queue" });
    expect(all).toHaveLength(4);
    expect(await walk({ dataset: "queue" }, 1)).toEqual(all);
    expect(await walk({ dataset: "queue", direction: "asc" }, 3)).toEqual([...all].reverse());
    const rows = await db.pair.findMany({ where: { id: { in: all } }, select: { id: true, updatedAt: true } });
    const time = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
    for (let i = 1; i < all.length; i++) expect(time.get(all[i - 1]!)!).toBeGreaterThanOrEqual(time.get(all[i]!)!);
    await expectAppError(listPairs({ db, cursor: "garbage" }), "UNPROCESSABLE");
    const page = await listPairs({ db, dataset: "queue", limit: 1 });
    await expectAppError(listPairs({ db, dataset: "queue", sort: "uncertainty", cursor: page.nextCursor! }), "UNPROCESSABLE");
  });

  it("sorts by a given scores map, unscored pairs last, in both directions", async () => {
    const [p1, p2, p3, p4] = p as [TestPair, TestPair, TestPair, TestPair];
    const scores = { [p1.pairId]: 0.2, [p3.pairId]: 0.9, [p4.pairId]: 0.5 };
    const desc = [p3.pairId, p4.pairId, p1.pairId, p2.pairId];
    expect(await ids({ dataset: "queue", sort: "uncertainty", scores })).toEqual(desc);
    expect(await walk({ dataset: "queue", sort: "uncertainty", scores }, 1)).toEqual(desc);
    expect(await walk({ dataset: "queue", sort: "disagreement", scores, direction: "asc" }, 2)).toEqual([p1.pairId, p4.pairId, p3.pairId, p2.pairId]);
    const page = await listPairs({ db, dataset: "queue", sort: "uncertainty", scores, limit: 4 });
    expect(page.items.map((i) => i.score)).toEqual([0.9, 0.5, 0.2, null]);
    expect(page.nextCursor).toBeNull();
  });

  it("computes uncertainty and model–gold disagreement from ModelRun when no scores are given", async () => {
    const [p1, p2, p3, p4] = p as [TestPair, TestPair, TestPair, TestPair];
    const unscored = [p3.pairId, p4.pairId].sort();
    await addRun(p1, "m1", [0.9, 0.1, 0.1], new Date(1_000));
    await addRun(p2, "m1", [0.5, 0.5, 0.5], new Date(1_000));
    await addRun(p2, "m2", [1, 0, 1], new Date(2_000)); // newer: the default for p2
    const unc = await listPairs({ db, dataset: "queue", sort: "uncertainty", limit: 10 });
    expect(unc.items.map((i) => i.id)).toEqual([p1.pairId, p2.pairId, ...unscored]);
    expect(unc.items[0]!.score).toBeCloseTo(0.2, 5);
    expect(unc.items[1]!.score).toBeCloseTo(0, 5);
    expect(await ids({ dataset: "queue", sort: "uncertainty", modelName: "m1" })).toEqual([p2.pairId, p1.pairId, ...unscored]);

    // Gold: p1's model keeps exactly the gold sentence; p2's newest model keeps the two others.
    await adjudicatePair({ db, pairId: p1.pairId, reviewerId: bob, spans: [spanOf(p1, 0, "Boil the eggs for nine minutes.", "vital")] });
    await adjudicatePair({ db, pairId: p2.pairId, reviewerId: bob, spans: [spanOf(p2, 0, "Cool them in cold water.", "vital")] });
    const dis = await listPairs({ db, dataset: "queue", sort: "disagreement", limit: 10 });
    expect(dis.items.map((i) => [i.id, i.score])).toEqual([[p2.pairId, 1], [p1.pairId, 0], ...unscored.map((id) => [id, null])]);
  });
});

describe("getNextPair", () => {
  it("follows the list order, ends with null, wraps on request", async () => {
    const [p1, p2, p3, p4] = p as [TestPair, TestPair, TestPair, TestPair];
    const scores = { [p1.pairId]: 0.2, [p3.pairId]: 0.9, [p4.pairId]: 0.5 };
    const o = { db, dataset: "queue", sort: "uncertainty" as const, scores };
    expect((await getNextPair(o))?.id).toBe(p3.pairId);
    expect((await getNextPair({ ...o, currentPairId: p3.pairId }))?.id).toBe(p4.pairId);
    expect((await getNextPair({ ...o, currentPairId: p1.pairId }))?.id).toBe(p2.pairId);
    expect(await getNextPair({ ...o, currentPairId: p2.pairId })).toBeNull();
    expect((await getNextPair({ ...o, currentPairId: p2.pairId, wrap: true }))?.id).toBe(p3.pairId);
    expect(await getNextPair({ ...o, status: "rejected" })).toBeNull();
    await expectAppError(getNextPair({ ...o, currentPairId: "missing" }), "NOT_FOUND");
  });

  it("keeps the list position through an item cursor even after the current pair was edited", async () => {
    const list = (await listPairs({ db, dataset: "queue", limit: 10 })).items;
    const current = list[1]!;
    const pair = p.find((x) => x.pairId === current.id)!;
    const annotator = await createUser(db, `dave-${Date.now()}`);
    await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: annotator, baseVersion: 0, spans: [spanOf(pair, 0, "eggs", "vital")] });
    // The edit moved the pair to the top of the updatedAt order; the item cursor still points after its old place.
    expect((await ids({ dataset: "queue" }))[0]).toBe(current.id);
    expect((await getNextPair({ db, dataset: "queue", currentPairId: current.id, cursor: current.cursor }))?.id).toBe(list[2]!.id);
  });
});
