import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { embeddingsDir, loadWordVectors, wordVectorsFingerprint } from "./load-word-vectors";

describe("the shipped word vectors", () => {
  it("load with their table and a stable fingerprint", () => {
    const v = loadWordVectors();
    expect(v.dim).toBe(64);
    expect(v.index.size).toBe(v.vectors.length / v.dim);
    expect(v.index.has("population")).toBe(true);
    expect(wordVectorsFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(wordVectorsFingerprint(embeddingsDir())).toBe(wordVectorsFingerprint());
  });

  it("a folder without them: UNAVAILABLE naming the command, and the fingerprint says none", () => {
    const missing = path.join(os.tmpdir(), "no-such-embeddings");
    expect(() => loadWordVectors(missing)).toThrow(/train-embeddings/);
    expect(wordVectorsFingerprint(missing)).toBe("none");
  });
});
