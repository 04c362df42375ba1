import { describe, expect, it } from "vitest";
import { computeUnitScores } from "./compute-unit-scores";

const tokens = (list: [number, number, number][]) => ({
  starts: Int32Array.from(list.map((t) => t[0])),
  ends: Int32Array.from(list.map((t) => t[1])),
  probs: Float32Array.from(list.map((t) => t[2])),
});

describe("computeUnitScores", () => {
  // text: "aaa bb. cc dd." units [0,7) [8,14)
  const ts = tokens([
    [0, 3, 0.5],
    [4, 6, 1],
    [6, 7, 0],
    [8, 10, 0.25],
    [11, 13, 0.75],
    [13, 14, 0.5],
  ]);
  const units = [
    { start: 0, end: 7 },
    { start: 8, end: 14 },
  ];

  it("means and maxes the overlapping tokens", () => {
    expect(computeUnitScores({ tokenScores: ts, units, aggregation: "mean" })).toEqual([0.5, 0.5]);
    expect(computeUnitScores({ tokenScores: ts, units, aggregation: "max" })).toEqual([1, 0.75]);
  });

  it("counts a token straddling two units in both", () => {
    const t = tokens([[2, 6, 0.8]]);
    const u = [
      { start: 0, end: 4 },
      { start: 4, end: 8 },
    ];
    expect(computeUnitScores({ tokenScores: t, units: u, aggregation: "max" }).map((x) => +x.toFixed(3))).toEqual([0.8, 0.8]);
  });

  it("scores untouched units 0", () => {
    const u = [
      { start: 0, end: 7 },
      { start: 20, end: 30 },
    ];
    expect(computeUnitScores({ tokenScores: ts, units: u, aggregation: "mean" })).toEqual([0.5, 0]);
  });

  it("aggregates big inputs", () => {
    const n = 200_000;
    const big = tokens(Array.from({ length: n }, (_, i) => [i * 2, i * 2 + 1, (i % 10) / 10] as [number, number, number]));
    const u = Array.from({ length: n / 20 }, (_, i) => ({ start: i * 40, end: i * 40 + 39 }));
    const out = computeUnitScores({ tokenScores: big, units: u, aggregation: "mean" });
    expect(out).toHaveLength(n / 20);
    // Unit i covers tokens 20i..20i+19 whose probabilities cycle 0..0.9 twice: mean 0.45.
    expect(out[0]).toBeCloseTo(0.45, 5);
    expect(out.at(-1)).toBeCloseTo(0.45, 5);
  });

  it("discounts a unit by the share of its tokens tagged ads, UI/navigation or duplicate", () => {
    // categories: vital, ads | off_topic, duplicate, ui_navigation (indices into SPAN_CATEGORIES)
    const withCats = { ...ts, categories: Uint8Array.from([0, 2, 2, 1, 5, 4]) };
    const [a, b] = computeUnitScores({ tokenScores: withCats, units, aggregation: "mean" });
    expect(a).toBeCloseTo(0.5 * (1 / 3), 10);
    expect(b).toBeCloseTo(0.5 * (1 / 3), 10);
    expect(computeUnitScores({ tokenScores: withCats, units, aggregation: "max" })).toEqual([1 / 3, 0.75 / 3]);
    // Metadata and off-topic text are content: no discount.
    const content = { ...ts, categories: Uint8Array.from([0, 3, 1, 1, 3, 0]) };
    expect(computeUnitScores({ tokenScores: content, units, aggregation: "mean" })).toEqual([0.5, 0.5]);
    // A unit made only of boilerplate scores 0 and so never fills a budget.
    const chrome = { ...ts, categories: Uint8Array.from([4, 4, 4, 0, 0, 0]) };
    expect(computeUnitScores({ tokenScores: chrome, units, aggregation: "max" })).toEqual([0, 0.75]);
  });
});
