import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cosine } from "../../embeddings/cosine";
import { computeEncoderSimilarity, type UnitContext } from "./compute-encoder-similarity";
import { batchByLength, loadSentenceEncoder, sentenceEncoderDir } from "./load-sentence-encoder";

// The original tfjs release's ids and vectors (experiments/sentence-encoder-reference.mjs).
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

  it("gives a text the same vector alone and among longer texts (int8 activations: one text per run)", async () => {
    // Its graph scales activations by the whole input's range: batched with others, a sentence's vector would change
    // with its company, and stored similarities would differ from live ones.
    const text = "It was opened to the public on 31 March 1889, for the World's Fair.";
    const company = reference.texts.map((t) => `${t} ${t} ${t}`);
    const alone = await (await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned") + path.sep)).embed([text]);
    const among = await (await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned") + path.sep + path.sep)).embed([...company, text]);
    expect(among.at(-1)).toEqual(alone[0]);
  });
});

describe("an encoder whose graph quantizes activations per run", () => {
  it("is read one text per run, as its encoder.json says", () => {
    const meta = JSON.parse(readFileSync(path.join(sentenceEncoderDir("sentence-encoder-tuned"), "encoder.json"), "utf8")) as {
      textsPerRun?: number;
    };
    expect(meta.textsPerRun).toBe(1);
    expect(batchByLength([3, 3, 3], meta.textsPerRun)).toEqual([[0], [1], [2]]);
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
