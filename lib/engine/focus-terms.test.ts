import { describe, expect, it } from "vitest";
import { computeUnitScores } from "./compute-unit-scores";
import { blendFocusScores, focusTermScores, resultFocus } from "./focus-terms";

const text = "The Lumen Bridge spans the Varna River in Ostrel. It was completed in 1898 after nine years of work.";
const cut = text.indexOf("It was");
const units = [
  { start: 0, end: cut - 1 },
  { start: cut, end: text.length },
];

describe("focusTermScores", () => {
  it("scores units by the query's terms that are not in the title", () => {
    const s = focusTermScores({ query: "When was Lumen Bridge completed?", title: "Lumen Bridge", text }, units)!;
    // "when", "was", "completed": the second sentence holds two of them, the first none.
    expect(s[1]).toBe(1);
    expect(s[0]!).toBeLessThan(0.5);
  });

  it("has nothing to focus on without a title, for a broad query, or when the query does not name the result", () => {
    expect(focusTermScores({ query: "When was Lumen Bridge completed?", text }, units)).toBeUndefined();
    expect(focusTermScores({ query: "Lumen Bridge", title: "Lumen Bridge", text }, units)).toBeUndefined();
    expect(focusTermScores({ query: "When was it completed?", title: "Lumen Bridge", text }, units)).toBeUndefined();
    // Focus terms that no unit holds.
    expect(focusTermScores({ query: "Lumen Bridge architect", title: "Lumen Bridge", text }, units)).toBeUndefined();
  });

  it("works on CJK text (character bigrams)", () => {
    const zh = "黑褐新箭雀鲷是雀鲷科的一种。水深2至23公尺。";
    const u = [
      { start: 0, end: zh.indexOf("。") + 1 },
      { start: zh.indexOf("。") + 1, end: zh.length },
    ];
    const s = focusTermScores({ query: "黑褐新箭雀鲷生活在水深多少的海域？", title: "黑褐新箭雀鲷", text: zh }, u)!;
    expect(s[1]).toBe(1);
    expect(s[0]).toBe(0);
  });
});

describe("blendFocusScores", () => {
  it("moves the order of a result's units, keeps its best score, and lifts no boilerplate", () => {
    const out = blendFocusScores([0.8, 0.1, 0.05], [0, 1, 1], [1, 1, 0], 0.5);
    expect(Math.max(...out)).toBeCloseTo(0.8, 12);
    expect(out[1]!).toBeGreaterThan(out[0]!);
    // Content share 0 (the category head's boilerplate): its focus match adds nothing.
    expect(out[2]! / out[0]!).toBeCloseTo(0.05 / 0.8, 12);
  });

  it("is the identity at weight 0 and for a result that scores nothing", () => {
    expect(blendFocusScores([0.3, 0.2], [0, 1], [1, 1], 0)).toEqual([0.3, 0.2]);
    expect(blendFocusScores([0, 0], [0, 1], [1, 1], 0.5)).toEqual([0, 0]);
  });
});

describe("computeUnitScores with focus", () => {
  // One token per sentence: the first (which names the bridge) scores higher.
  const tokenScores = { starts: Int32Array.from([0, cut]), ends: Int32Array.from([cut - 1, text.length]), probs: Float32Array.from([0.6, 0.2]) };
  it("leaves scores as they were without a focus weight", () => {
    const plain = computeUnitScores({ tokenScores, units, aggregation: "mean" });
    expect(plain[0]).toBeCloseTo(0.6, 6);
    expect(plain[1]).toBeCloseTo(0.2, 6);
    expect(computeUnitScores({ tokenScores, units, aggregation: "mean", focus: resultFocus("q", { text }, undefined) })).toEqual(plain);
  });

  it("ranks the sentence holding the focus terms first", () => {
    const focus = resultFocus("When was Lumen Bridge completed?", { title: "Lumen Bridge", text }, 0.5);
    const s = computeUnitScores({ tokenScores, units, aggregation: "mean", focus });
    expect(s[1]!).toBeGreaterThan(s[0]!);
    expect(Math.max(...s)).toBeCloseTo(0.6, 6);
  });
});
