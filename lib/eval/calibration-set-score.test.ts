import { describe, expect, it } from "vitest";
import { calibrationSetKind, calibrationSetScore } from "./calibration-set-score";

describe("calibrationSetScore", () => {
  it("scores answerable sets by the F1 of kept against needed characters", () => {
    expect(calibrationSetScore({ keptPrecision: 0.5, evidenceCharRecall: 1 }, "answerable")).toBeCloseTo(2 / 3, 10);
    expect(calibrationSetScore({ keptPrecision: 0, evidenceCharRecall: 0 }, "answerable")).toBe(0);
  });

  it("scores unanswerable sets by the share of queries that kept nothing", () => {
    expect(
      calibrationSetScore(
        { keptPrecision: 0, evidenceCharRecall: 0, unanswerable: { queries: 4, keptNothing: 0.75, tokensPerQuery: 3 } },
        "unanswerable",
      ),
    ).toBe(0.75);
  });

  it("keeps an answerable set's F1 when a few of its queries have no evidence", () => {
    const row = { keptPrecision: 0.5, evidenceCharRecall: 1, unanswerable: { queries: 1, keptNothing: 0, tokensPerQuery: 40 } };
    expect(calibrationSetScore(row, calibrationSetKind("real-pages"))).toBeCloseTo(2 / 3, 10);
    expect(calibrationSetKind("unanswerable")).toBe("unanswerable");
    expect(calibrationSetKind("unanswerable-topical")).toBe("mixed");
  });

  it("averages the two on a set that mixes answerable and unanswerable questions", () => {
    const row = { keptPrecision: 0.5, evidenceCharRecall: 1, unanswerable: { queries: 5, keptNothing: 0.4, tokensPerQuery: 12 } };
    expect(calibrationSetScore(row, "mixed")).toBeCloseTo((2 / 3 + 0.4) / 2, 10);
    // Keeping nothing everywhere wins the unanswerable half and loses the answerable one.
    const silent = { keptPrecision: 0, evidenceCharRecall: 0, unanswerable: { queries: 5, keptNothing: 1, tokensPerQuery: 0 } };
    expect(calibrationSetScore(silent, "mixed")).toBe(0.5);
  });
});
