import { describe, expect, it } from "vitest";
import { computePairCurve } from "../eval/pair-curve";
import { BASELINE_PROFILE } from "./select-with-profile";
import { compareSelections, diffFlags } from "./compare-selections";
import { selectSpans } from "./select-spans";
import type { SelectableResult } from "./types";

const text = "One two. Three four five. Six.";
const results: SelectableResult[] = [
  {
    id: "r",
    doc: { text },
    units: [
      { start: 0, end: 8, block: 0 },
      { start: 9, end: 25, block: 0 },
      { start: 26, end: 30, block: 0 },
    ],
    unitTokens: [2, 3, 1],
    tokensIn: 6,
  },
];
const unitScores = [[0.9, 0.5, 0.2]];

describe("compareSelections", () => {
  it("lists what a second setting adds and removes, with tokens", () => {
    const a = selectSpans({ results, unitScores, budget: 100, threshold: 0.6 });
    const b = selectSpans({ results, unitScores, budget: 100, threshold: 0.3 });
    const d = compareSelections({ results, a, b });
    expect(d.results[0]).toMatchObject({ added: [1], removed: [], tokensAdded: 3, tokensRemoved: 0 });
    expect(d).toMatchObject({ tokensOutA: 2, tokensOutB: 5 });
    expect([...diffFlags(results, d)[0]!]).toEqual([0, 1, 0]);
    const back = compareSelections({ results, a: b, b: a });
    expect([...diffFlags(results, back)[0]!]).toEqual([0, 2, 0]);
  });

  it("computes a pair's curve: tokens and gold kept per threshold", () => {
    const curve = computePairCurve({
      results,
      unitScores,
      evidence: [{ resultId: "r", start: 9, end: 25 }],
      thresholds: [0, 0.4, 0.6, 1],
      budget: 100,
      profile: BASELINE_PROFILE,
    });
    expect(curve.map((p) => [p.threshold, p.tokensOut, p.evidenceKept])).toEqual([
      [0, 6, 1],
      [0.4, 5, 1],
      [0.6, 2, 0],
      // Nothing passes 1: the best unit is kept anyway (the floor fallback).
      [1, 2, 0],
    ]);
  });
});
