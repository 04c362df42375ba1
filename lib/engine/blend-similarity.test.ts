import { describe, expect, it } from "vitest";
import { blendSimilarity, blendsSimilarity, SIMILARITY_MAX_UNITS } from "./blend-similarity";

describe("blendSimilarity", () => {
  it("reorders units inside the result while the best score stays the model's", () => {
    const out = blendSimilarity([0.6, 0.5, 0.1], [0.1, 1, 0], 0.5);
    expect(Math.max(...out)).toBeCloseTo(0.6, 12);
    expect(out[1]!).toBeGreaterThan(out[0]!);
    expect(out[2]!).toBeLessThan(out[0]!);
  });
  it("is the model's scores at weight 0, with no similarity anywhere, or when the model scores nothing", () => {
    expect(blendSimilarity([0.6, 0.5], [1, 0], 0)).toEqual([0.6, 0.5]);
    expect(blendSimilarity([0.6, 0.5], [0, 0], 0.5)).toEqual([0.6, 0.5]);
    expect(blendSimilarity([0, 0], [1, 0], 0.5)).toEqual([0, 0]);
  });
  it("reads the similarity's scale relative to its own best", () => {
    expect(blendSimilarity([0.8, 0.4], [0.2, 0.4], 0.5)).toEqual(blendSimilarity([0.8, 0.4], [0.5, 1], 0.5));
  });
});

describe("blendSimilarity, scale", () => {
  it("reorders what the model keeps and never lifts a unit the model scored near 0", () => {
    // A caption the model scored 0.02 that resembles the query most: mixed in, it rises to half the best score;
    // scaled, it stays below every unit the model kept.
    const scores = [0.6, 0.5, 0.02];
    const similarity = [0, 0.9, 1];
    expect(blendSimilarity(scores, similarity, 0.5)[2]!).toBeGreaterThan(0.3);
    const scaled = blendSimilarity(scores, similarity, 0.5, "scale");
    expect(scaled[2]!).toBeLessThan(0.05);
    expect(scaled[1]!).toBeGreaterThan(scaled[0]!);
    expect(Math.max(...scaled)).toBeCloseTo(0.6, 12);
    expect(blendSimilarity(scores, similarity, 0, "scale")).toEqual(scores);
  });
});

describe("blendsSimilarity", () => {
  it("blends results of 1 to SIMILARITY_MAX_UNITS units, or to the profile's own limit", () => {
    expect(blendsSimilarity(0)).toBe(false);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS)).toBe(true);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS + 1)).toBe(false);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS + 1, 400)).toBe(true);
    expect(blendsSimilarity(3, 2)).toBe(false);
  });
});
