import { describe, expect, it } from "vitest";
import { bootstrapInterval, intervalKey, intervalsOverlap, overlappingPairs, pairValues, pointIntervals } from "./bootstrap-interval";
import type { QueryMetrics } from "./types";

const qm = (o: Partial<QueryMetrics>): QueryMetrics => ({
  evidenceTotal: 2,
  evidenceKept: 1,
  answerKept: null,
  tokensIn: 100,
  tokensOut: 10,
  evidenceChars: 100,
  evidenceCharsKept: 50,
  keptChars: 60,
  ...o,
});

describe("bootstrapInterval", () => {
  it("is seeded: the same values and seed give the same interval, around the mean", () => {
    const values = Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const a = bootstrapInterval({ values, seed: 7 })!;
    expect(bootstrapInterval({ values, seed: 7 })).toEqual(a);
    expect(a.lo).toBeLessThan(0.25);
    expect(a.hi).toBeGreaterThan(0.25);
    // About ±1.96·sqrt(p(1-p)/n) = ±0.06 for p = 0.25, n = 200.
    expect(a.hi - a.lo).toBeGreaterThan(0.08);
    expect(a.hi - a.lo).toBeLessThan(0.16);
  });

  it("narrows with more pairs, collapses for constant values, and is null without values", () => {
    const small = bootstrapInterval({ values: [0, 1, 0, 1, 1, 0, 0, 1], seed: 1 })!;
    const large = bootstrapInterval({ values: Array.from({ length: 800 }, (_, i) => i % 2), seed: 1 })!;
    expect(large.hi - large.lo).toBeLessThan(small.hi - small.lo);
    expect(bootstrapInterval({ values: [0.4, 0.4, 0.4] })).toEqual({ lo: 0.4, hi: 0.4 });
    expect(bootstrapInterval({ values: [] })).toBeNull();
  });
});

describe("pairValues / pointIntervals", () => {
  it("takes each measure over the pairs summarizeQueryMetrics averages it over", () => {
    const metrics = [
      qm({ evidenceKept: 2, answerKept: true, categories: { vital: [100, 80, 0, 0] } }),
      qm({ evidenceKept: 0, answerKept: false }),
      qm({ evidenceTotal: 0, evidenceKept: 0, tokensOut: 0 }), // unanswerable: no recall
    ];
    expect(pairValues(metrics, "evidenceRecall")).toEqual([1, 0]);
    expect(pairValues(metrics, "allEvidenceKept")).toEqual([1, 0]);
    expect(pairValues(metrics, "answerKept")).toEqual([1, 0]);
    expect(pairValues(metrics, "evidenceCharRecall")).toEqual([0.5, 0.5]);
    expect(pairValues(metrics, "category:vital")).toEqual([0.8]);
    expect(pairValues(metrics, "tokensPerQuery")).toEqual([10, 10, 0]);
    const iv = pointIntervals({ metrics, measures: ["evidenceCharRecall", "category:ads"] });
    expect(iv).toEqual({ evidenceCharRecall: { lo: 0.5, hi: 0.5 } });
  });
});

describe("overlap", () => {
  it("names the points the sample cannot tell apart", () => {
    expect(intervalsOverlap({ lo: 0.1, hi: 0.3 }, { lo: 0.3, hi: 0.5 })).toBe(true);
    expect(intervalsOverlap({ lo: 0.1, hi: 0.29 }, { lo: 0.3, hi: 0.5 })).toBe(false);
    const pairs = overlappingPairs([
      { label: "a", interval: { lo: 0.1, hi: 0.4 } },
      { label: "b", interval: { lo: 0.35, hi: 0.6 } },
      { label: "c", interval: { lo: 0.7, hi: 0.9 } },
    ]);
    expect(pairs).toEqual([["a", "b"]]);
    expect(intervalKey("bm25", { kind: "budget", value: 4000 })).toBe("bm25|budget|4000");
  });
});
