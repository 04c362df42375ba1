import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareResult } from "@/lib/engine/prepare-result";
import type { SimilarityStage } from "@/lib/engine/profile";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { decodeUnitSimilarity, encodeUnitSimilarity } from "../db/model-runs/encode-unit-similarity";
import { listUnitSimilarities } from "../db/model-runs/list-unit-similarities";
import { saveUnitSimilarities } from "../db/model-runs/save-unit-similarities";
import { sentenceEncoderUsage } from "../sentence-encoder/load-sentence-encoder";
import { similarityKey } from "../scoring/unit-scores-key";
import { computeResultSimilarity } from "./compute-result-similarity";
import {
  cachedResultSimilarity,
  ensureResultSimilarities,
  forgetRememberedSimilarities,
  similarityInputKey,
  unitSimilaritiesWritten,
} from "./stored-result-similarity";

let temp: TempDatabase;
let db: PrismaClient;

beforeAll(async () => {
  temp = await createTempDatabase("unit-similarity");
  db = createDbClient({ url: temp.url });
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

// The default model's tiers: a passage of a small set reads the tuned encoder.
const passage = { maxUnits: 40, maxResults: 5, blend: "rank" as const, weight: 0.6, encoder: "sentence-encoder-tuned" };
const profile: { similarity: SimilarityStage } = { similarity: { weight: 0.5, source: "sentence-encoder", passage } };
const similarityFingerprint = async (p: typeof profile) => similarityKey(p.similarity);
const set = (query: string, ...texts: string[]) => ({ query, results: texts.map((text, i) => prepareResult({ id: `d${i}`, text })) });
const encodedSince = (before: { encoded: number }) => sentenceEncoderUsage().encoded - before.encoded;

describe("UnitSimilarity bytes", () => {
  it("round-trips sets of results, an unblended result's empty list, and a query the encoder does not read", () => {
    for (const sims of [[[0.25, -0.5, 1 / 3], [], [0.1]], [], null]) expect(decodeUnitSimilarity(encodeUnitSimilarity(sims))).toEqual(sims);
  });

  it("calls a row whose lengths and bytes disagree damaged", () => {
    const { sims } = encodeUnitSimilarity([[0.5, 0.25]]);
    expect(decodeUnitSimilarity({ lengths: "3", sims })).toBeUndefined();
    expect(decodeUnitSimilarity({ lengths: "x", sims })).toBeUndefined();
    expect(decodeUnitSimilarity({ lengths: null, sims })).toBeUndefined();
  });
});

describe("ensureResultSimilarities (computed once per set and encoder, then read back)", () => {
  const a = set(
    "who wrote moby dick",
    "Herman Melville published Moby-Dick in 1851. The Eiffel Tower was built in 1889.",
    "Paris is in France. It is known for its museums.",
  );
  const b = set("when was the eiffel tower built", "The Eiffel Tower was built in 1889. It is in Paris.");

  it("computes what computeResultSimilarity gives, stores it, and a new process reads it without encoding", async () => {
    const before = sentenceEncoderUsage();
    const seen: number[] = [];
    let computed = 0;
    const first = await ensureResultSimilarities({
      profile,
      sets: [a, b, a],
      db,
      onPlanned: (n) => void seen.push(n),
      onComputed: () => void computed++,
    });
    // The same set twice is computed once.
    expect(seen).toEqual([2]);
    expect(computed).toBe(2);
    expect(encodedSince(before)).toBeGreaterThan(0);
    expect(first[0]).toEqual(await computeResultSimilarity(profile.similarity, a.query, a.results));
    expect(first[1]).toEqual(await computeResultSimilarity(profile.similarity, b.query, b.results));
    expect(first[2]).toEqual(first[0]);
    expect(first[0]).toHaveLength(2);
    await unitSimilaritiesWritten();
    expect(await db.unitSimilarity.count()).toBe(2);

    forgetRememberedSimilarities();
    const again = sentenceEncoderUsage();
    const read = await ensureResultSimilarities({ profile, sets: [b, a], db, onPlanned: (n) => void seen.push(n) });
    expect(seen).toEqual([2, 0]);
    expect(encodedSince(again)).toBe(0);
    expect(read).toEqual([first[1], first[0]]);
    // The cached scorers of this process find them in memory.
    expect(await cachedResultSimilarity(profile, a.query, a.results)).toEqual(first[0]);
    expect(encodedSince(again)).toBe(0);
  });

  it("keys a set by its content: another text, query or setting is computed anew", async () => {
    const fingerprint = await similarityFingerprint(profile);
    const key = similarityInputKey(fingerprint, a, 2);
    expect(similarityInputKey(fingerprint, set(a.query, "Herman Melville published Moby-Dick in 1852.", "Paris is in France."), 2)).not.toBe(key);
    expect(similarityInputKey(fingerprint, { ...a, query: "who wrote moby-dick" }, 2)).not.toBe(key);
    expect(similarityInputKey(await similarityFingerprint({ similarity: { ...profile.similarity, maxUnits: 40 } }), a, 2)).not.toBe(key);
    expect(similarityInputKey(fingerprint, a, 3)).not.toBe(key);
    // The same content in other objects (another pair, another request): the same key.
    expect(similarityInputKey(fingerprint, set(a.query, ...a.results.map((r) => r.doc.text)), 2)).toBe(key);
  });

  it("stores that the encoder does not read a query, so the model's scores stand alone without asking it again", async () => {
    const foreign = set("Chi ha scritto il romanzo Moby Dick?", "Herman Melville published Moby-Dick in 1851.");
    expect(await ensureResultSimilarities({ profile, sets: [foreign], db })).toEqual([undefined]);
    await unitSimilaritiesWritten();
    forgetRememberedSimilarities();
    const { sims } = await listUnitSimilarities({ db, keys: [similarityInputKey(await similarityFingerprint(profile), foreign, 1)] });
    expect([...sims.values()]).toEqual([null]);
    let computed = 0;
    expect(await ensureResultSimilarities({ profile, sets: [foreign], db, onComputed: () => void computed++ })).toEqual([undefined]);
    expect(computed).toBe(0);
  });

  it("computes nothing for a profile without a similarity weight, and stores nothing when its encoder is missing", async () => {
    const rows = await db.unitSimilarity.count();
    expect(await ensureResultSimilarities({ profile: {}, sets: [a], db })).toEqual([undefined]);
    const missing = { similarity: { ...profile.similarity, passage: { ...passage, encoder: "no-such-encoder" } } };
    expect(await ensureResultSimilarities({ profile: missing, sets: [a], db, waitForWrites: true })).toEqual([undefined]);
    expect(await db.unitSimilarity.count()).toBe(rows);
  });

  it("replaces a damaged row with the set's similarities computed again", async () => {
    const c = set("who built the eiffel tower", "Gustave Eiffel's company built the tower. It opened in 1889.");
    const key = similarityInputKey(await similarityFingerprint(profile), c, 1);
    await db.unitSimilarity.create({ data: { key, fingerprint: "x", lengths: "5", sims: new Uint8Array(8) } });
    expect((await listUnitSimilarities({ db, keys: [key] })).damaged).toEqual([key]);
    const [sims] = await ensureResultSimilarities({ profile, sets: [c], db, waitForWrites: true });
    expect(sims).toHaveLength(1);
    expect((await listUnitSimilarities({ db, keys: [key] })).sims.get(key)).toEqual(sims);
  });

  it("keeps a row another process stored first (the same inputs give the same row)", async () => {
    await saveUnitSimilarities({ db, rows: [{ key: "k1", fingerprint: "f", sims: [[0.5]] }] });
    await saveUnitSimilarities({
      db,
      rows: [
        { key: "k1", fingerprint: "f", sims: [[0.75]] },
        { key: "k2", fingerprint: "f", sims: null },
      ],
    });
    const { sims } = await listUnitSimilarities({ db, keys: ["k1", "k2", "k3"] });
    expect(sims).toEqual(
      new Map<string, number[][] | null>([
        ["k1", [[0.5]]],
        ["k2", null],
      ]),
    );
  });
});
