import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cosine } from "../../embeddings/cosine";
import { computeResultSimilarity, similarityFingerprint } from "../embeddings/compute-result-similarity";
import { loadSentenceEncoder, sentenceEncoderDir } from "./load-sentence-encoder";

// The original tfjs release's ids and vectors (scripts/probes/sentence-encoder-reference.mjs).
const reference = JSON.parse(readFileSync(path.join(sentenceEncoderDir(), "reference.json"), "utf8")) as {
  texts: string[];
  ids: number[][];
  vectors: number[][];
};

describe("loadSentenceEncoder (the shipped ONNX port)", () => {
  it("tokenizes exactly as the original release", async () => {
    const encoder = await loadSentenceEncoder();
    reference.texts.forEach((t, i) => expect(encoder.tokenizer.encode(t), t).toEqual(reference.ids[i]));
  });

  it("gives the original release's vectors (int8 weights: cosine at least 0.999) in one padded batch", async () => {
    // A fresh instance (another folder key), so nothing comes from an earlier test's cache.
    const encoder = await loadSentenceEncoder(sentenceEncoderDir() + path.sep);
    const together = await encoder.embed(reference.texts);
    reference.vectors.forEach((v, i) => expect(cosine(together[i]!, v), reference.texts[i]).toBeGreaterThan(0.999));
    expect(together[0]!.length).toBe(encoder.dim);
    // Asked again (recent texts are kept), in another order: the same vectors in the caller's order.
    const again = await encoder.embed([...reference.texts].reverse());
    expect(again.reverse()).toEqual(together);
  });

  it("puts a question nearer its answer than an unrelated sentence", async () => {
    const encoder = await loadSentenceEncoder();
    const [q, answer, other] = await encoder.embed([
      "who wrote moby dick",
      "Herman Melville published Moby-Dick in 1851.",
      "The Eiffel Tower was built in 1889.",
    ]);
    expect(cosine(q!, answer!)).toBeGreaterThan(cosine(q!, other!) + 0.1);
  });
});

describe("computeResultSimilarity with the sentence encoder", () => {
  const text = "The Eiffel Tower was built in 1889. Herman Melville published Moby-Dick in 1851. Paris is in France.";
  const units = [
    { start: 0, end: 35 },
    { start: 36, end: 80 },
    { start: 81, end: text.length },
  ];
  const profile = { similarityWeight: 0.5, similaritySource: "sentence-encoder" as const };

  it("scores each unit against an English query, rescaled within its result (best 1, worst 0)", async () => {
    const sims = await computeResultSimilarity(profile, "who wrote moby dick", [{ doc: { text }, units }]);
    expect(sims).toHaveLength(1);
    expect(sims![0]).toHaveLength(3);
    expect(sims![0]![1]).toBe(1);
    expect(Math.min(...sims![0]!)).toBe(0);
  });

  it("leaves a query it cannot read (another language) to the model alone", async () => {
    expect(await computeResultSimilarity(profile, "谁写了白鲸记", [{ doc: { text }, units }])).toBeUndefined();
    expect(await computeResultSimilarity(profile, "Chi ha scritto il romanzo Moby Dick?", [{ doc: { text }, units }])).toBeUndefined();
  });

  it("computes nothing for a result longer than similarityMaxUnits", async () => {
    const sims = await computeResultSimilarity({ ...profile, similarityMaxUnits: 2 }, "who wrote moby dick", [{ doc: { text }, units }]);
    expect(sims).toEqual([[]]);
  });

  it("keys stored scores by the encoder's weights", async () => {
    expect(await similarityFingerprint(profile)).toMatch(/^encoder [0-9a-f]{16}$/);
    expect(await similarityFingerprint({ ...profile, similarityMaxUnits: 40 })).toMatch(/^encoder [0-9a-f]{16} max 40$/);
    expect(await similarityFingerprint({ ...profile, similarityBlend: "scale", similarityMaxUnits: 40 })).toMatch(
      /^encoder [0-9a-f]{16} scale max 40$/,
    );
  });
});
