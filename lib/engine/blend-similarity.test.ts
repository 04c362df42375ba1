import { describe, expect, it } from "vitest";
import { blendSimilarity } from "./blend-similarity";

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
