import { describe, expect, it } from "vitest";
import { embeddingTerms } from "./embedding-terms";
import { computeEmbeddingUnitScores } from "./embedding-unit-scores";
import { buildWordVectors, centerRows, quantizeRows, rowCosine } from "./word-vectors";

// A 3-d toy table: "opened"/"inaugurated" point the same way, "bridge" another, "ferry" near "bridge", the rest apart.
const WORDS = ["the", "bridge", "opened", "inaugurated", "ferry", "fog", "in"];
const ROWS = [
  [0, 0, 1],
  [1, 0, 0],
  [0, 1, 0],
  [0.1, 0.99, 0],
  [0.8, 0, 0.6],
  [-0.5, -0.5, 0.7],
  [0, 0, 1],
].map((r) => Float32Array.from(r));
const vectors = buildWordVectors({
  dim: 3,
  words: WORDS,
  counts: [5000, 40, 30, 2, 20, 10, 4000],
  corpusTokens: 100_000,
  vectors: quantizeRows(ROWS, 3),
});
const doc = (sentences: string[]) => {
  const text = sentences.join(" ");
  let at = 0;
  const units = sentences.map((s) => {
    const start = text.indexOf(s, at);
    at = start + s.length;
    return { start, end: at };
  });
  return { text, units };
};

describe("embeddingTerms", () => {
  it("lowercases words, keeps them unstemmed and splits CJK into characters", () => {
    expect(embeddingTerms("The Rivers flowed; 大桥opened 1937")).toEqual(["the", "rivers", "flowed", "大", "桥", "opened", "1937"]);
  });
});

describe("word vectors", () => {
  it("quantizes unit rows so a row's cosine with itself is about 1", () => {
    expect(rowCosine(vectors, 1, 1)).toBeCloseTo(1, 2);
    expect(rowCosine(vectors, 2, 3)).toBeGreaterThan(0.95);
    expect(rowCosine(vectors, 1, 2)).toBeCloseTo(0, 5);
  });
  it("weighs rare words more than frequent ones", () => {
    expect(vectors.weights[3]!).toBeGreaterThan(vectors.weights[0]!);
  });
  it("centring removes the direction every row shares", () => {
    const rows = [Float32Array.from([1, 0.1]), Float32Array.from([1, -0.1])];
    const before = quantizeRows(rows, 2);
    expect((before[0]! * before[2]! + before[1]! * before[3]!) / 127 ** 2).toBeGreaterThan(0.9);
    centerRows(rows, 2);
    const after = quantizeRows(rows, 2);
    expect((after[0]! * after[2]! + after[1]! * after[3]!) / 127 ** 2).toBeCloseTo(-1, 2);
  });
  it("rejects a table whose size does not match its words", () => {
    expect(() => buildWordVectors({ dim: 3, words: ["a"], counts: [1], corpusTokens: 10, vectors: new Int8Array(4) })).toThrow(/dimension 3/);
  });
});

describe("computeEmbeddingUnitScores", () => {
  const docs = [doc(["The bridge was inaugurated in fog.", "A ferry ran in the fog.", "Nothing here."])];
  it("soft-match: a paraphrase (inaugurated ~ opened) outranks a unit with only a related word", () => {
    const [scores] = computeEmbeddingUnitScores({ query: "When was the bridge opened?", docs, vectors });
    expect(scores![0]).toBe(1);
    expect(scores![0]!).toBeGreaterThan(scores![1]!);
    expect(scores![2]).toBeLessThan(scores![1]!);
  });
  it("mean: the weighted mean vectors rank the same way", () => {
    const [scores] = computeEmbeddingUnitScores({ query: "bridge opened", docs, vectors, mode: "mean" });
    expect(scores![0]!).toBeGreaterThan(scores![2]!);
  });
  it("an unknown query word still matches itself exactly", () => {
    const [scores] = computeEmbeddingUnitScores({ query: "zyzzyva", docs: [doc(["A zyzzyva.", "The bridge."])], vectors });
    expect(scores).toEqual([1, 0]);
  });
  it("no similar unit anywhere: every score is 0", () => {
    expect(computeEmbeddingUnitScores({ query: "quux", docs, vectors })).toEqual([[0, 0, 0]]);
    expect(computeEmbeddingUnitScores({ query: "", docs, vectors })).toEqual([[0, 0, 0]]);
  });
});
