import { describe, expect, it } from "vitest";
import type { SimilarityStage } from "../../engine/profile";
import { similarityKey } from "../scoring/unit-scores-key";
import { computeResultSimilarity } from "./compute-result-similarity";

// The shipped sentence encoders (models/sentence-encoder, models/sentence-encoder-tuned).
describe("computeResultSimilarity with the sentence encoder", () => {
  const text = "The Eiffel Tower was built in 1889. Herman Melville published Moby-Dick in 1851. Paris is in France.";
  const units = [
    { start: 0, end: 35, block: 0 },
    { start: 36, end: 80, block: 0 },
    { start: 81, end: text.length, block: 0 },
  ];
  const doc = { text, blocks: [{ start: 0, end: text.length, kind: "paragraph" as const, role: "main" as const }] };
  const stage: SimilarityStage = { weight: 0.5, source: "sentence-encoder" };
  const q = "who wrote moby dick";
  const one = [{ doc, units }];

  it("gives each unit its raw cosine to an English query (the answer gate reads the best; the blend rescales them)", async () => {
    const sims = await computeResultSimilarity(stage, q, one);
    expect(sims).toHaveLength(1);
    const cos = sims![0]!;
    expect(cos).toHaveLength(3);
    expect(cos[1]).toBe(Math.max(...cos));
    for (const c of cos) expect(Math.abs(c)).toBeLessThanOrEqual(1 + 1e-6);
    // Not rescaled: the answering sentence is not 1, the others not 0.
    expect(cos[1]).toBeLessThan(0.99);
    expect(Math.min(...cos)).not.toBe(0);
  });

  it("leaves a query it cannot read (another language), a result longer than maxUnits or no weight to the model alone", async () => {
    expect(await computeResultSimilarity(stage, "谁写了白鲸记", one)).toBeUndefined();
    expect(await computeResultSimilarity(stage, "Chi ha scritto il romanzo Moby Dick?", one)).toBeUndefined();
    expect(await computeResultSimilarity({ ...stage, maxUnits: 2 }, q, one)).toEqual([[]]);
    expect(await computeResultSimilarity({ ...stage, weight: 0 }, q, one)).toBeUndefined();
    expect(await computeResultSimilarity(undefined, q, one)).toBeUndefined();
  });

  it("reads each tier's encoder: the passage's for a passage of a small set, the document's for a single long one", async () => {
    const tuned = { maxUnits: 40, maxResults: 1, blend: "rank" as const, weight: 0.6, encoder: "sentence-encoder-tuned" };
    const release = await computeResultSimilarity(stage, q, one);
    const tunedOne = await computeResultSimilarity({ ...stage, passage: tuned }, q, one);
    expect(tunedOne).not.toEqual(release);
    // Two results: not a passage of this tier (maxResults 1), both read by the release's weights.
    expect(await computeResultSimilarity({ ...stage, passage: tuned }, q, [...one, ...one])).toEqual([...release!, ...release!]);
    // Both tiers in one set (a 2-unit passage, the 3-unit result beside it): each read by its own encoder.
    const short = [{ doc, units: units.slice(0, 2) }];
    const shortTuned = await computeResultSimilarity({ ...stage, passage: tuned }, q, short);
    const both: SimilarityStage = { ...stage, passage: { ...tuned, maxUnits: 2, maxResults: 2 } };
    expect(await computeResultSimilarity(both, q, [...short, ...one])).toEqual([...shortTuned!, ...release!]);
    // A single document longer than a passage reads the document tier's encoder; the same result in a set does not,
    // nor one whose title the query is made of.
    const documentTier: SimilarityStage = { ...both, document: { blend: "interleave", weight: 0.5, encoder: "sentence-encoder-tuned" } };
    expect(await computeResultSimilarity(documentTier, q, one)).toEqual(tunedOne);
    expect(await computeResultSimilarity(documentTier, q, [...one, ...one])).toEqual([...release!, ...release!]);
    expect(await computeResultSimilarity(documentTier, q, [{ doc, units, title: "Who wrote Moby-Dick" }])).toEqual(release);
    // A tier naming a missing folder: that encoder's results keep the model's scores alone.
    expect(await computeResultSimilarity({ ...stage, passage: { ...tuned, encoder: "no-such-encoder" } }, q, one)).toBeUndefined();
  });

  it("reads a unit with the one before it only where its tier's `context` says so", async () => {
    const story = "Herman Melville wrote a novel about a whale. It came out in 1851.\nParis is in France.";
    const storyUnits = [
      { start: 0, end: 44, block: 0 },
      { start: 45, end: 65, block: 0 },
      { start: 66, end: story.length, block: 1 },
    ];
    const storyDoc = { text: story, blocks: [{ start: 0, end: 65, kind: "paragraph" as const, role: "main" as const }] };
    const query = "when did the novel about the whale come out";
    const passage = { maxUnits: 40, maxResults: 1, blend: "rank" as const, weight: 0.6, encoder: "sentence-encoder-tuned" };
    const plain = await computeResultSimilarity({ ...stage, passage }, query, [{ doc: storyDoc, units: storyUnits }]);
    const read = await computeResultSimilarity({ ...stage, passage: { ...passage, context: "mean" } }, query, [{ doc: storyDoc, units: storyUnits }]);
    expect(read![0]![1]).toBeGreaterThan(plain![0]![1]!);
    expect(read![0]![0]).toBeCloseTo(plain![0]![0]!, 5);
  });

  it("keys stored similarities by the whole stage and the encoders' weights", () => {
    const key = similarityKey(stage);
    expect(key).toMatch(/^similarity:[0-9a-f]{32}$/);
    expect(similarityKey({ ...stage })).toBe(key);
    for (const other of [
      { ...stage, maxUnits: 40 },
      { ...stage, passage: { maxUnits: 40, blend: "mix" as const, weight: 0.6 } },
      { ...stage, document: { blend: "interleave" as const, weight: 0.5, context: "max" as const } },
      { ...stage, source: "word-vectors" as const },
    ])
      expect(similarityKey(other)).not.toBe(key);
    // The same settings in another order are the same key; a tier reading a missing encoder is not the shipped one's.
    expect(similarityKey({ source: "sentence-encoder", weight: 0.5 })).toBe(key);
    const tier = { maxUnits: 40, blend: "mix" as const, weight: 0.6 };
    expect(similarityKey({ ...stage, passage: { ...tier, encoder: "no-such-encoder" } })).not.toBe(
      similarityKey({ ...stage, passage: { ...tier, encoder: "sentence-encoder-tuned" } }),
    );
  });
});
