import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatModelMethod } from "@/lib/engine/methods";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { decodeTokenScores, encodeTokenScores } from "../db/model-runs/encode-token-scores";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { scorePair } from "./score-pair";

let temp: TempDatabase;
let db: PrismaClient;
let pairId: string;
let documentIds: string[];

const HTML = `<!doctype html><html><head><title>Bridge</title></head><body>
<nav><a href="/">Home</a> | <a href="/news">News</a></nav>
<main><h1>Golden Gate Bridge</h1>
<p>The Golden Gate Bridge opened to vehicle traffic on May 28, 1937. It spans the strait.</p>
<ul><li>Length: 2.7 km</li><li>Colour: international orange</li></ul></main>
<footer>© 2024 Travel desk</footer></body></html>`;
const TEXT = "Bridges of the world\n\nThe Golden Gate opened in 1937 — after four years of work. Émile visited 🌉 twice.";

beforeAll(async () => {
  process.env.SNIPPET_LAB_INTRA_OP_THREADS ??= "1";
  temp = await createTempDatabase("score-pair");
  db = createDbClient({ url: temp.url });
  const created = await createPair({
    db,
    dataset: "scores",
    query: "When did the Golden Gate Bridge open?",
    documents: [{ html: HTML }, { text: TEXT }],
  });
  pairId = created.id;
  documentIds = created.documentIds;
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("scorePair", () => {
  it("scores the stored documents: every offset indexes the stored text, and the run is cached in ModelRun", async () => {
    const first = await scorePair({ pairId, db });
    expect(first.modelName).not.toBeNull();
    expect(first.model).toBe(formatModelMethod(first.modelName!));
    expect(first.cached).toBe(false);
    expect(first.results.map((r) => r.id)).toEqual(documentIds);
    for (const [i, r] of first.results.entries()) {
      const stored = await db.document.findUniqueOrThrow({ where: { id: documentIds[i]! } });
      expect(r.text).toBe(stored.text);
      expect(r.blocks).toEqual(JSON.parse(stored.blocksJson));
      expect(r.cached).toBe(false);
      const ts = r.tokenScores!;
      expect(ts.starts.length).toBeGreaterThan(5);
      expect(ts.ends.length).toBe(ts.starts.length);
      expect(ts.probs.length).toBe(ts.starts.length);
      for (let k = 0; k < ts.starts.length; k++) {
        expect(ts.starts[k]).toBeGreaterThanOrEqual(k === 0 ? 0 : ts.ends[k - 1]!);
        expect(ts.ends[k]).toBeLessThanOrEqual(stored.text.length);
        expect(stored.text.slice(ts.starts[k], ts.ends[k]).trim()).not.toBe("");
        expect(ts.probs[k]).toBeGreaterThanOrEqual(0);
        expect(ts.probs[k]).toBeLessThanOrEqual(1);
      }
      for (const u of r.units) {
        const block = r.blocks[u.block]!;
        expect(u.start).toBeGreaterThanOrEqual(block.start);
        expect(u.end).toBeLessThanOrEqual(block.end);
        expect(u.tokens).toBeGreaterThan(0);
      }
      expect(r.tokensIn).toBeGreaterThan(0);
    }
    // The selection's spans are verbatim slices of the stored text.
    for (const r of first.results) for (const s of r.spans) expect(r.text.slice(s.start, s.end)).toBe(s.text);

    const rows = await db.modelRun.findMany({ where: { pairId }, orderBy: { documentId: "asc" } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const r = first.results.find((x) => x.id === row.documentId)!;
      expect(row.modelName).toBe(first.modelName);
      expect(row.tokenCount).toBe(r.tokenScores!.starts.length);
      const decoded = decodeTokenScores(row)!;
      expect(Array.from(decoded.starts)).toEqual(r.tokenScores!.starts);
      expect(Array.from(decoded.ends)).toEqual(r.tokenScores!.ends);
    }

    // Second call: every document comes from the cache; rows are not rewritten; same probabilities.
    const second = await scorePair({ pairId, db });
    expect(second.cached).toBe(true);
    expect(second.results.every((r) => r.cached)).toBe(true);
    const again = await db.modelRun.findMany({ where: { pairId }, orderBy: { documentId: "asc" } });
    expect(again.map((r) => [r.id, r.createdAt.getTime(), r.inputHash])).toEqual(rows.map((r) => [r.id, r.createdAt.getTime(), r.inputHash]));
    expect(second.results.map((r) => r.tokenScores)).toEqual(first.results.map((r) => r.tokenScores));
    expect(second.results.map((r) => r.units)).toEqual(first.results.map((r) => r.units));
  });

  it("re-scores when a cache entry is stale (input hash mismatch)", async () => {
    await scorePair({ pairId, db });
    await db.modelRun.updateMany({ where: { pairId, documentId: documentIds[1]! }, data: { inputHash: "stale" } });
    const out = await scorePair({ pairId, db });
    expect(out.cached).toBe(false);
    const row = await db.modelRun.findFirstOrThrow({ where: { pairId, documentId: documentIds[1]! } });
    expect(row.inputHash).not.toBe("stale");
    expect((await scorePair({ pairId, db })).cached).toBe(true);
  });

  it("baselines give unit scores without token scores and write no cache", async () => {
    const before = await db.modelRun.count();
    const out = await scorePair({ pairId, model: "bm25", db });
    expect(out.model).toBe("bm25");
    expect(out.modelName).toBeNull();
    expect(out.results.every((r) => r.tokenScores === undefined && r.units.length > 0)).toBe(true);
    expect(await db.modelRun.count()).toBe(before);
  });

  it("NOT_FOUND for an unknown pair or model", async () => {
    await expect(scorePair({ pairId: "nope", db })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(scorePair({ pairId, model: "model:does-not-exist", db })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("encodeTokenScores / decodeTokenScores", () => {
  it("round-trips little-endian bytes and refuses mismatched lengths", () => {
    const scores = { starts: Int32Array.from([0, 4, 9]), ends: Int32Array.from([3, 8, 70000]), probs: Float32Array.from([0.25, 0.5, 0.999]) };
    const enc = encodeTokenScores(scores);
    expect(enc.tokenCount).toBe(3);
    expect(Array.from(enc.offsets.slice(16, 24))).toEqual([9, 0, 0, 0, 0x70, 0x11, 0x01, 0]);
    const dec = decodeTokenScores({ ...enc })!;
    expect(Array.from(dec.starts)).toEqual([0, 4, 9]);
    expect(Array.from(dec.ends)).toEqual([3, 8, 70000]);
    expect(Array.from(dec.probs)).toEqual(Array.from(scores.probs));
    expect(decodeTokenScores({ ...enc, tokenCount: 4 })).toBeNull();
  });
});
