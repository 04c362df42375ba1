// The queue's stored sort scores (Pair.uncertainty, Pair.disagreement): the same ranking, page by page, as the
// in-memory ranking of the runs (the path a model name takes), and a new model run or a gold change re-ranks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PairSort } from "@/lib/schemas/queue";
import type { PrismaClient } from "../generated/client";
import { adjudicatePair } from "./adjudicate-pair";
import { listPairs, scoreComparator } from "./list-pairs";
import { refreshPairSortScores } from "./refresh-pair-sort-scores";
import { scorePairsFromRuns } from "./score-pairs-from-runs";
import { createTestDb, createTestPair, createUser, spanOf, type TestDb, type TestPair } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let reviewer: string;
const pairs: TestPair[] = [];
const SENTENCES = ["Boil the eggs for nine minutes.", "Cool them in cold water.", "Subscribe to our newsletter!"];

const f32 = (values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setFloat32(i * 4, v, true));
  return out;
};
/** One run of three "tokens" (the first three sentences of document 0) by model `m`. */
async function writeRun(pair: TestPair, probs: number[], modelName = "m") {
  const text = pair.texts[0]!;
  const offsets = new Uint8Array(24);
  SENTENCES.forEach((s, i) => {
    const view = new DataView(offsets.buffer);
    view.setUint32(i * 8, text.indexOf(s), true);
    view.setUint32(i * 8 + 4, text.indexOf(s) + s.length, true);
  });
  const where = { pairId_documentId_modelName: { pairId: pair.pairId, documentId: pair.documentIds[0]!, modelName } };
  const data = { inputHash: "h", tokenCount: probs.length, probs: f32(probs), offsets, createdAt: new Date() };
  await db.modelRun.upsert({ where, create: { pairId: pair.pairId, documentId: pair.documentIds[0]!, modelName, ...data }, update: data });
}

/** Every page of a sort, followed by its cursors: [id, score] in order. */
async function allPages(sort: PairSort, direction: "asc" | "desc", modelName?: string) {
  const out: [string, number | null][] = [];
  let cursor: string | undefined;
  do {
    const page = await listPairs({ db, dataset: "sort-scores", sort, direction, modelName, limit: 3, cursor });
    out.push(...page.items.map((i): [string, number | null] => [i.id, i.score]));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  reviewer = await createUser(db, "rev", "reviewer");
  // A seeded synthetic set: ties (equal probabilities), pairs without runs, some with gold.
  let seed = 7;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 14; i++) {
    const pair = await createTestPair(db, { dataset: "sort-scores", query: `query ${i}` });
    pairs.push(pair);
    if (i % 7 === 6) continue; // no run: no score
    const probs = i % 5 === 0 ? [0.5, 0.5, 0.9] : [rand(), rand(), rand()];
    await writeRun(pair, probs);
    if (i % 3 === 0) {
      const needle = SENTENCES[i % 2]!;
      await adjudicatePair({ db, pairId: pair.pairId, reviewerId: reviewer, spans: [spanOf(pair, 0, needle, "vital")] });
    }
  }
});
afterAll(async () => t?.cleanup());

describe("stored queue sort scores", () => {
  it("rank every page as the in-memory ranking does", async () => {
    const ids = pairs.map((p) => p.pairId);
    const scores = await scorePairsFromRuns({ db, pairIds: ids, kinds: ["uncertainty", "disagreement"], modelName: undefined, threshold: 0.5 });
    for (const sort of ["uncertainty", "disagreement"] as const) {
      for (const direction of ["asc", "desc"] as const) {
        const expected = ids
          .map((id) => ({ id, v: scores[sort].get(id) ?? null }))
          .sort(scoreComparator(direction))
          .map((r): [string, number | null] => [r.id, r.v]);
        const stored = await allPages(sort, direction);
        expect(stored).toEqual(expected);
        // The path a model name takes (scores computed from the runs in memory) gives the same pages.
        expect(await allPages(sort, direction, "m")).toEqual(expected);
      }
    }
    expect(await db.pairSortScoreStale.count()).toBe(0);
  });

  it("a new model run or a gold change re-ranks, and refreshing leaves updatedAt alone", async () => {
    const [first] = await allPages("uncertainty", "desc");
    const last = pairs[13]!; // no run: last of every score sort
    expect((await allPages("uncertainty", "desc")).at(-1)).toEqual([last.pairId, null]);
    const before = await db.pair.findUniqueOrThrow({ where: { id: last.pairId }, select: { updatedAt: true } });

    await writeRun(last, [0.5, 0.5, 0.5]); // the most uncertain pair now
    const ranked = await allPages("uncertainty", "desc");
    expect(ranked[0]).toEqual([last.pairId, 1]);
    expect(ranked[1]).toEqual(first);
    const after = await db.pair.findUniqueOrThrow({ where: { id: last.pairId }, select: { updatedAt: true } });
    expect(after).toEqual(before);

    // The model keeps only the first sentence (p ≥ 0.5): gold on it agrees, gold on another sentence disagrees.
    const gold = pairs[1]!;
    await writeRun(gold, [0.9, 0.1, 0.1]);
    await adjudicatePair({ db, pairId: gold.pairId, reviewerId: reviewer, spans: [spanOf(gold, 0, SENTENCES[0]!, "vital")] });
    expect((await allPages("disagreement", "asc"))[0]).toEqual([gold.pairId, 0]);
    await adjudicatePair({ db, pairId: gold.pairId, reviewerId: reviewer, spans: [spanOf(gold, 0, SENTENCES[1]!, "vital")] });
    expect((await allPages("disagreement", "desc"))[0]).toEqual([gold.pairId, 1]);

    await db.modelRun.deleteMany({ where: { pairId: gold.pairId } }); // a deleted run: no score any more
    expect((await allPages("disagreement", "desc")).find(([id]) => id === gold.pairId)).toEqual([gold.pairId, null]);
    expect(await refreshPairSortScores({ db })).toBe(0);
  });

  it("keeps the triggers that mark pairs stale (a migration redefining ModelRun or Span must create them again)", async () => {
    const rows = await db.$queryRaw<{ name: string }[]>`SELECT "name" FROM sqlite_master WHERE "type" = 'trigger' ORDER BY "name"`;
    expect(rows.map((r) => r.name).filter((n) => n.includes("sortScoresStale"))).toEqual([
      "ModelRun_sortScoresStale_delete",
      "ModelRun_sortScoresStale_insert",
      "ModelRun_sortScoresStale_update",
      "Span_sortScoresStale_delete",
      "Span_sortScoresStale_insert",
      "Span_sortScoresStale_update",
    ]);
  });
});
