import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cosine } from "../../embeddings/cosine";
import { computeResultSimilarity, similarityFingerprint } from "../embeddings/compute-result-similarity";
import { computeEncoderSimilarity, type UnitContext } from "./compute-encoder-similarity";
import { batchByLength, loadSentenceEncoder, sentenceEncoderDir } from "./load-sentence-encoder";

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

  it("gives the same vectors in the caller's order whether one session or several read the batches", async () => {
    // Texts of many lengths: several batches (batchByLength), run side by side on two sessions and one after another on one.
    const words = reference.texts.join(" ").split(/\s+/);
    const texts = Array.from({ length: 160 }, (_, i) => `${i}: ${words.slice(i % 40, (i % 40) + 3 + ((i * 7) % 37)).join(" ")}`);
    const [one, two] = await Promise.all([
      loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"), { sessions: 1 }),
      loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"), { sessions: 2 }),
    ]);
    expect(batchByLength(texts.map((t) => one.tokenizer.encode(t).length).sort((a, b) => a - b)).length).toBeGreaterThan(3);
    const [a, b] = await Promise.all([one.embed(texts), two.embed(texts)]);
    expect(b).toEqual(a);
    // Each vector is its own text's: read alone (int8 activations are scaled per batch, so near, not equal).
    const alone = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned") + path.sep, { sessions: 1 });
    const [v] = await alone.embed([texts[100]!]);
    expect(cosine(v!, a[100]!)).toBeGreaterThan(0.999);
    expect(cosine(v!, a[101]!)).toBeLessThan(0.99);
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

describe("batchByLength", () => {
  it("cuts sorted lengths where padding to the next text would cost more than a tenth of the pieces", () => {
    // Sentences of 20–22 pieces, then texts read with their predecessor (40+): two runs, not one padded to 44.
    expect(batchByLength([20, 20, 21, 22, 40, 41, 44])).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
    expect(batchByLength([5])).toEqual([[0]]);
    expect(batchByLength([])).toEqual([]);
  });

  it("holds at most 64 texts a batch and every index once, in order", () => {
    const batches = batchByLength(Array.from({ length: 150 }, () => 12));
    expect(batches.map((b) => b.length)).toEqual([64, 64, 22]);
    expect(batches.flat()).toEqual(Array.from({ length: 150 }, (_, i) => i));
  });
});

describe("the tuned encoder (models/sentence-encoder-tuned, the default model's)", () => {
  it("loads from its folder with the release's tokenizer and other weights", async () => {
    const [release, tuned] = await Promise.all([loadSentenceEncoder(), loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"))]);
    expect(tuned.tokenizer.encode(reference.texts[0]!)).toEqual(reference.ids[0]);
    expect(tuned.fingerprint).not.toBe(release.fingerprint);
    const [a, b] = await Promise.all([release.embed([reference.texts[0]!]), tuned.embed([reference.texts[0]!])]);
    expect(cosine(a[0]!, b[0]!)).toBeLessThan(0.999);
  });

  it("ranks the sentence that answers above those that only share the question's words", async () => {
    const encoder = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"));
    const [q, ...units] = await encoder.embed([
      "when did the eiffel tower open",
      "The Eiffel Tower is a tower in Paris, and the Eiffel Tower is the most visited tower.",
      "It was opened to the public on 31 March 1889, for the World's Fair.",
      "Towers in Paris open every day to visitors of the tower.",
    ]);
    const cos = units.map((u) => cosine(q!, u));
    expect(cos[1]).toBeGreaterThan(Math.max(cos[0]!, cos[2]!));
  });
});

describe("computeResultSimilarity with the sentence encoder", () => {
  const text = "The Eiffel Tower was built in 1889. Herman Melville published Moby-Dick in 1851. Paris is in France.";
  const units = [
    { start: 0, end: 35, block: 0 },
    { start: 36, end: 80, block: 0 },
    { start: 81, end: text.length, block: 0 },
  ];
  const doc = { text, blocks: [{ start: 0, end: text.length, kind: "paragraph" as const, role: "main" as const }] };
  const profile = { similarityWeight: 0.5, similaritySource: "sentence-encoder" as const };

  it("gives each unit its raw cosine to an English query (the answer gate reads the best; the blend rescales them)", async () => {
    const sims = await computeResultSimilarity(profile, "who wrote moby dick", [{ doc, units }]);
    expect(sims).toHaveLength(1);
    const cos = sims![0]!;
    expect(cos).toHaveLength(3);
    expect(cos[1]).toBe(Math.max(...cos));
    for (const c of cos) expect(Math.abs(c)).toBeLessThanOrEqual(1 + 1e-6);
    // Not rescaled: the answering sentence is not 1, the others not 0.
    expect(cos[1]).toBeLessThan(0.99);
    expect(Math.min(...cos)).not.toBe(0);
  });

  it("leaves a query it cannot read (another language) to the model alone", async () => {
    expect(await computeResultSimilarity(profile, "谁写了白鲸记", [{ doc, units }])).toBeUndefined();
    expect(await computeResultSimilarity(profile, "Chi ha scritto il romanzo Moby Dick?", [{ doc, units }])).toBeUndefined();
  });

  it("computes nothing for a result longer than similarityMaxUnits", async () => {
    const sims = await computeResultSimilarity({ ...profile, similarityMaxUnits: 2 }, "who wrote moby dick", [{ doc, units }]);
    expect(sims).toEqual([[]]);
  });

  it("reads the encoder a profile names, and leaves the model's scores alone when that folder is missing", async () => {
    const missing = { ...profile, similarityEncoder: "no-such-encoder" };
    expect(await computeResultSimilarity(missing, "who wrote moby dick", [{ doc, units }])).toBeUndefined();
    expect(await similarityFingerprint(missing)).toBe("encoder none");
    const named = { ...profile, similarityEncoder: "sentence-encoder" };
    expect(await computeResultSimilarity(named, "who wrote moby dick", [{ doc, units }])).toEqual(
      await computeResultSimilarity(profile, "who wrote moby dick", [{ doc, units }]),
    );
  });

  it("reads the passage tier's encoder for a passage of a small set, the profile's for the rest", async () => {
    const q = "who wrote moby dick";
    const one = [{ doc, units }];
    const tiered = {
      ...profile,
      similarityPassage: { maxUnits: 40, maxResults: 1, blend: "rank" as const, weight: 0.6, encoder: "sentence-encoder-tuned" },
    };
    const tuned = await computeResultSimilarity({ ...profile, similarityEncoder: "sentence-encoder-tuned" }, q, one);
    const release = await computeResultSimilarity(profile, q, one);
    expect(tuned).not.toEqual(release);
    expect(await computeResultSimilarity(tiered, q, one)).toEqual(tuned);
    expect(await computeResultSimilarity(tiered, q, [...one, ...one])).toEqual([...release!, ...release!]);
    // Both tiers in one set (a 2-unit passage, the 3-unit result beside it): each read by its own encoder.
    const short = [{ doc, units: units.slice(0, 2) }];
    const shortTuned = await computeResultSimilarity({ ...profile, similarityEncoder: "sentence-encoder-tuned" }, q, short);
    const both = { ...profile, similarityPassage: { ...tiered.similarityPassage, maxUnits: 2, maxResults: 2 } };
    expect(await computeResultSimilarity(both, q, [...short, ...one])).toEqual([...shortTuned!, ...release!]);
    // A single document longer than a passage reads the document tier's encoder; the same result in a set does not.
    const documentTier = { ...both, similarityDocument: { blend: "interleave" as const, weight: 0.5, encoder: "sentence-encoder-tuned" } };
    expect(await computeResultSimilarity(documentTier, q, one)).toEqual(tuned);
    expect(await computeResultSimilarity(documentTier, q, [...one, ...one])).toEqual([...release!, ...release!]);
    expect(await computeResultSimilarity(documentTier, q, [{ doc, units, title: "Who wrote Moby-Dick" }])).toEqual(release);
    expect(await similarityFingerprint(documentTier)).toMatch(/ document interleave 0\.5 [0-9a-f]{16}$/);
  });

  it("keys stored scores by the encoder's weights", async () => {
    expect(await similarityFingerprint(profile)).toMatch(/^encoder [0-9a-f]{16}$/);
    expect(await similarityFingerprint({ ...profile, similarityMaxUnits: 40 })).toMatch(/^encoder [0-9a-f]{16} max 40$/);
    expect(await similarityFingerprint({ ...profile, similarityBlend: "scale", similarityMaxUnits: 40 })).toMatch(
      /^encoder [0-9a-f]{16} scale max 40$/,
    );
    const passage = { maxUnits: 40, blend: "mix" as const, weight: 0.6 };
    expect(await similarityFingerprint({ ...profile, similarityBlend: "scale", similarityMaxUnits: 1000, similarityPassage: passage })).toMatch(
      /^encoder [0-9a-f]{16} scale max 1000 passage 40 mix 0.6$/,
    );
    const other = { ...passage, maxResults: 5, encoder: "sentence-encoder-tuned" };
    expect(await similarityFingerprint({ ...profile, similarityPassage: other })).toMatch(/^encoder [0-9a-f]{16} passage 40x5 mix 0.6 [0-9a-f]{16}$/);
    const gated = { ...other, gate: { cosine: 0.3, scale: 0.25 } };
    expect(await similarityFingerprint({ ...profile, similarityPassage: gated })).toMatch(
      /^encoder [0-9a-f]{16} passage 40x5 mix 0.6 gate 0.3x0.25 [0-9a-f]{16}$/,
    );
  });
});

describe("a tier's context: a unit read with the unit before it in its paragraph", () => {
  const text = "Herman Melville wrote a novel about a whale. It came out in 1851.\nParis is in France.";
  const units = [
    { start: 0, end: 44, block: 0 },
    { start: 45, end: 65, block: 0 },
    { start: 66, end: text.length, block: 1 },
  ];
  const doc = { text, blocks: [{ start: 0, end: 65, kind: "paragraph" as const, role: "main" as const }] };
  const query = "when did the novel about the whale come out";

  it("gives the second unit of a paragraph the mean or the max of its two cosines, and reads the others alone", async () => {
    const encoder = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"));
    const run = (contextOf?: () => UnitContext) =>
      computeEncoderSimilarity({ encoder, query, results: [{ doc, units }], blends: () => true, ...(contextOf ? { contextOf } : {}) });
    const alone = (await run())![0]!;
    const joined = (await computeEncoderSimilarity({
      encoder,
      query,
      results: [{ doc, units: [{ start: 0, end: 65 }] }],
      blends: () => true,
    }))![0]![0]!;
    // "It came out in 1851." alone does not say what came out; read with the sentence before it, it does.
    expect(joined).toBeGreaterThan(alone[1]!);
    const mean = (await run(() => ({ context: "mean" })))![0]!;
    const max = (await run(() => ({ context: "max" })))![0]!;
    expect(mean[1]).toBeCloseTo((alone[1]! + joined) / 2, 5);
    expect(max[1]).toBeCloseTo(Math.max(alone[1]!, joined), 5);
    // The first unit has nothing before it; the third starts a new paragraph (a newline between them).
    for (const c of [mean, max]) {
      expect(c[0]).toBeCloseTo(alone[0]!, 5);
      expect(c[2]).toBeCloseTo(alone[2]!, 5);
    }
  });

  it("with contextUnits referring, reads with its predecessor only a unit that opens by referring back", async () => {
    const encoder = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"));
    const named = "Herman Melville wrote a novel about a whale. The novel came out in 1851.";
    const namedUnits = [
      { start: 0, end: 44 },
      { start: 45, end: named.length },
    ];
    const read = (t: string, u: typeof namedUnits, c?: UnitContext) =>
      computeEncoderSimilarity({
        encoder,
        query,
        results: [{ doc: { text: t }, units: u }],
        blends: () => true,
        ...(c ? { contextOf: () => c } : {}),
      });
    const referring = { context: "mean" as const, contextUnits: "referring" as const };
    // "It came out …" refers back: read as with every unit.
    expect((await read(text, units, referring))![0]).toEqual((await read(text, units, { context: "mean" }))![0]);
    // "The novel came out …" names its subject: read alone, where `all` would join it with the sentence before.
    expect((await read(named, namedUnits, referring))![0]![1]).toBeCloseTo((await read(named, namedUnits))![0]![1]!, 5);
    expect((await read(named, namedUnits, { context: "mean" }))![0]![1]).not.toBeCloseTo((await read(named, namedUnits))![0]![1]!, 5);
  });

  it("reads a passage so only when its tier sets it, and keys stored scores by it", async () => {
    const passage = { maxUnits: 40, maxResults: 1, blend: "rank" as const, weight: 0.6, encoder: "sentence-encoder-tuned" };
    const profile = { similarityWeight: 0.5, similaritySource: "sentence-encoder" as const };
    const plain = await computeResultSimilarity({ ...profile, similarityPassage: passage }, query, [{ doc, units }]);
    const withContext = { ...profile, similarityPassage: { ...passage, context: "mean" as const } };
    const read = await computeResultSimilarity(withContext, query, [{ doc, units }]);
    expect(read![0]![1]).toBeGreaterThan(plain![0]![1]!);
    expect(read![0]![0]).toBeCloseTo(plain![0]![0]!, 5);
    // Two results: not a passage of this tier (maxResults 1), so both are read alone by the profile's encoder.
    expect(
      await computeResultSimilarity(withContext, query, [
        { doc, units },
        { doc, units },
      ]),
    ).toEqual(
      await computeResultSimilarity(profile, query, [
        { doc, units },
        { doc, units },
      ]),
    );
    expect(await similarityFingerprint(withContext)).toMatch(/ passage 40x1 rank 0\.6 context mean [0-9a-f]{16}$/);
    const documentTier = { ...profile, similarityDocument: { blend: "interleave" as const, weight: 0.5, context: "max" as const } };
    expect(await similarityFingerprint(documentTier)).toMatch(/ document interleave 0\.5 context max$/);
    const referring = { ...profile, similarityDocument: { ...documentTier.similarityDocument, contextUnits: "referring" as const } };
    expect(await similarityFingerprint(referring)).toMatch(/ document interleave 0\.5 context max referring$/);
  });
});

describe("sentenceEncoderFingerprint", () => {
  it("hashes the weights and vocabulary named in encoder.json; undefined without an encoder", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { createHash } = await import("node:crypto");
    const { sentenceEncoderFingerprint } = await import("./load-sentence-encoder");
    const dir = mkdtempSync(path.join(tmpdir(), "encoder-"));
    try {
      expect(sentenceEncoderFingerprint(dir)).toBeUndefined();
      const meta = { format: "snippet-lab-sentence-encoder-v1", dim: 4, maxTokens: 8, files: { model: "m.onnx", vocab: "v.json" } };
      writeFileSync(path.join(dir, "encoder.json"), JSON.stringify(meta));
      writeFileSync(path.join(dir, "m.onnx"), "weights");
      writeFileSync(path.join(dir, "v.json"), "[]");
      const expected = createHash("sha256").update("weights").update("[]").digest("hex").slice(0, 16);
      expect(sentenceEncoderFingerprint(dir)).toBe(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
