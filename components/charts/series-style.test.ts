import { describe, expect, it } from "vitest";
import { contrastOnWhite, readableOnWhite, SERIES_COLORS } from "./series-style";

describe("readableOnWhite", () => {
  it("darkens every series colour until label text reads on white, keeping dark ones as they are", () => {
    for (const c of SERIES_COLORS) expect(contrastOnWhite(readableOnWhite(c)), c).toBeGreaterThanOrEqual(4.5);
    // The palette's yellow does not read as it is; the near-black is left alone.
    expect(contrastOnWhite("#CCBB44")).toBeLessThan(4.5);
    expect(readableOnWhite("#222222")).toBe("#222222");
    expect(contrastOnWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastOnWhite("#000000")).toBeCloseTo(21, 5);
  });
});
