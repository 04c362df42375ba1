import { describe, expect, it } from "vitest";
import { selectSpans } from "./select-spans";
import type { SelectableResult } from "./types";

/** A result whose units are the given sentences joined by `sep`; unit tokens = word count. */
function makeResult(id: string, sentences: string[], sep = " "): SelectableResult {
  let text = "";
  const units = sentences.map((s, i) => {
    if (i > 0) text += sep;
    const start = text.length;
    text += s;
    return { start, end: text.length, block: 0 };
  });
  const unitTokens = sentences.map((s) => s.split(/\s+/).filter(Boolean).length);
  return { id, doc: { text }, units, unitTokens, tokensIn: unitTokens.reduce((a, b) => a + b, 0) };
}

const a = makeResult("a", ["One two three.", "Four five.", "Six seven eight nine.", "Ten."]);
const b = makeResult("b", ["Alpha beta.", "Gamma delta epsilon."]);

describe("selectSpans", () => {
  it("thresholds, packs one shared budget and merges adjacent units", () => {
    const sel = selectSpans({
      results: [a, b],
      unitScores: [
        [0.9, 0.8, 0.1, 0.7],
        [0.85, 0.2],
      ],
      budget: 100,
      threshold: 0.5,
    });
    expect(sel.results[0]!.keptUnits).toEqual([0, 1, 3]);
    expect(sel.results[0]!.spans.map((s) => s.text)).toEqual(["One two three. Four five.", "Ten."]);
    expect(sel.results[0]!.spans[0]).toMatchObject({ resultId: "a", start: 0, end: 25, score: 0.9 });
    expect(sel.results[0]!.snippet).toBe("One two three. Four five.\n…\nTen.");
    expect(sel.results[1]!.snippet).toBe("Alpha beta.");
    expect(sel.tokensOut).toBe(3 + 2 + 1 + 2);
    expect(sel.tokensIn).toBe(10 + 5);
    expect(sel.reason).toBeUndefined();
    for (const r of sel.results) for (const s of r.spans) expect(s.text).toBe((r.resultId === "a" ? a : b).doc.text.slice(s.start, s.end));
  });

  it("skips units that don't fit and keeps packing smaller ones", () => {
    // budget 6: a0 (3, 0.9) in, a2 (4, 0.8) skipped, b0 (2, 0.7) in, a3 (1, 0.6) in → 6.
    const sel = selectSpans({
      results: [a, b],
      unitScores: [
        [0.9, 0.1, 0.8, 0.6],
        [0.7, 0.1],
      ],
      budget: 6,
      threshold: 0,
    });
    expect(sel.results[0]!.keptUnits).toEqual([0, 3]);
    expect(sel.results[1]!.keptUnits).toEqual([0]);
    expect(sel.tokensOut).toBe(6);
  });

  it("breaks ties by earlier result then earlier unit", () => {
    const sel = selectSpans({
      results: [a, b],
      unitScores: [
        [0.5, 0.5, 0.5, 0.5],
        [0.5, 0.5],
      ],
      budget: 5,
      threshold: 0,
    });
    expect(sel.results[0]!.keptUnits).toEqual([0, 1]);
    expect(sel.results[1]!.keptUnits).toEqual([]);
    expect(sel.results[1]!.snippet).toBe("");
  });

  it("keeps the best unit when nothing reaches the threshold", () => {
    const sel = selectSpans({
      results: [a, b],
      unitScores: [
        [0.1, 0.3, 0.2, 0.1],
        [0.05, 0.1],
      ],
      budget: 100,
      threshold: 0.9,
    });
    expect(sel.keptUnits).toBe(1);
    expect(sel.results[0]!.keptUnits).toEqual([1]);
    expect(sel.reason).toMatch(/threshold/);
  });

  it("cutBestBelow: keeps the best unit's prefix instead of filler that scores far below it", () => {
    // The best unit (12 tokens, 0.9) exceeds the budget of 8; the two short ones fit but score 0.05 and 0.04.
    const doc = makeResult("d", ["w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12.", "x y.", "z q r."]);
    const base = { results: [doc], unitScores: [[0.9, 0.05, 0.04]], budget: 8, threshold: 0, fallbackFloor: 0.3 };
    const count = (t: string) => t.split(" ").length;
    // Default: the budget is packed with what fits.
    expect(selectSpans(base).results[0]!.keptUnits).toEqual([1, 2]);
    // Nothing that fits scores a tenth of the best: its prefix instead.
    const cut = selectSpans({ ...base, cutBestBelow: 0.1, countTokens: count });
    expect(cut.truncated).toBe(true);
    expect(cut.results[0]!.spans.map((s) => s.text)).toEqual(["w1 w2 w3 w4 w5 w6 w7 w8"]);
    expect(cut.reason).toMatch(/nothing that fits scores/);
    // A unit that fits and scores at least that share of the best keeps the packing.
    expect(selectSpans({ ...base, cutBestBelow: 0.05 }).results[0]!.keptUnits).toEqual([1, 2]);
    // A best unit at or under the fallback floor is not worth cutting: packing stands.
    expect(selectSpans({ ...base, unitScores: [[0.25, 0.021, 0.021]], cutBestBelow: 0.1 }).results[0]!.keptUnits).toEqual([1, 2]);
    // Without a budget nothing is cut.
    expect(selectSpans({ ...base, budget: Infinity, cutBestBelow: 0.1 }).results[0]!.keptUnits).toEqual([0, 1, 2]);
    // A prefix must hold cutBestMinShare of the best unit's characters ("w1 … w8" is 23 of 39 characters): under it, packing stands.
    expect(selectSpans({ ...base, cutBestBelow: 0.1, cutBestMinShare: 0.75, countTokens: count }).results[0]!.keptUnits).toEqual([1, 2]);
    expect(selectSpans({ ...base, cutBestBelow: 0.1, cutBestMinShare: 0.5, countTokens: count }).truncated).toBe(true);
    // A budget that holds no prefix of the best unit (every prefix counts 4 tokens here) keeps the packing, not nothing.
    const noPrefix = selectSpans({ ...base, budget: 3, cutBestBelow: 0.1, countTokens: () => 4 });
    expect(noPrefix.results[0]!.keptUnits).toEqual([1]);
    expect(noPrefix.truncated).toBeFalsy();
  });

  it("cuts the best unit to a verbatim word-boundary prefix when it alone exceeds the budget", () => {
    const long = makeResult("l", ["w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12.", "x."]);
    const sel = selectSpans({ results: [long], unitScores: [[0.9, 0.01]], budget: 4, threshold: 0.5 });
    const span = sel.results[0]!.spans[0]!;
    expect(sel.truncated).toBe(true);
    expect(long.doc.text.startsWith(span.text)).toBe(true);
    expect(span.text).toMatch(/^w1 w2 w3( w4)?$/);
    expect(span.end - span.start).toBe(span.text.length);
    expect(sel.tokensOut).toBeLessThanOrEqual(4);
    // With an exact counter the prefix is verified.
    const exact = selectSpans({ results: [long], unitScores: [[0.9, 0.01]], budget: 4, threshold: 0.5, countTokens: (t) => t.split(" ").length });
    expect(exact.results[0]!.spans[0]!.text).toBe("w1 w2 w3 w4");
    expect(exact.tokensOut).toBe(4);
  });

  it("cuts CJK text without whitespace at a character boundary", () => {
    const cjk = makeResult("c", ["東京は日本の首都であり世界最大の都市圏の一つです。"]);
    cjk.unitTokens[0] = 20;
    const sel = selectSpans({ results: [cjk], unitScores: [[0.9]], budget: 5, threshold: 0 });
    const text = sel.results[0]!.spans[0]!.text;
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(cjk.doc.text.length);
    expect(cjk.doc.text.startsWith(text)).toBe(true);
  });

  it("returns an empty selection with a reason when nothing reaches the floor", () => {
    const sel = selectSpans({ results: [a], unitScores: [[0.01, 0, 0, 0]], budget: 100, threshold: 0.5 });
    expect(sel.keptUnits).toBe(0);
    expect(sel.results[0]!.spans).toEqual([]);
    expect(sel.reason).toMatch(/floor/);
    expect(selectSpans({ results: [], unitScores: [], budget: 10, threshold: 0 }).reason).toMatch(/no text/);
  });

  it("handles an unlimited budget and a zero budget", () => {
    const all = selectSpans({
      results: [a, b],
      unitScores: [
        [0.5, 0.5, 0.5, 0.5],
        [0.5, 0.5],
      ],
      budget: Infinity,
      threshold: 0,
    });
    expect(all.results[0]!.spans.map((s) => s.text)).toEqual([a.doc.text]);
    const none = selectSpans({ results: [a], unitScores: [[0.9, 0, 0, 0]], budget: 0, threshold: 0 });
    expect(none.keptUnits).toBe(0);
    expect(none.reason).toMatch(/too small/);
  });

  it("never fills a budget with units at or below the floor, even at threshold 0", () => {
    // A budget is a cap, not a target: navigation lines that match nothing (score 0) stay out.
    const sel = selectSpans({
      results: [a, b],
      unitScores: [
        [0.9, 0, 0.02, 0],
        [0, 0.3],
      ],
      budget: 1000,
      threshold: 0,
    });
    expect(sel.results[0]!.keptUnits).toEqual([0]);
    expect(sel.results[1]!.keptUnits).toEqual([1]);
    const none = selectSpans({ results: [a], unitScores: [[0, 0, 0.01, 0]], budget: 1000, threshold: 0 });
    expect(none.keptUnits).toBe(0);
    expect(none.reason).toMatch(/floor/);
  });

  it("lets a model's calibrated floor decide which low units may fill a budget", () => {
    const unitScores = [[0.9, 0.01, 0.004, 0]];
    const engine = selectSpans({ results: [a], unitScores, budget: 1000, threshold: 0 });
    expect(engine.results[0]!.keptUnits).toEqual([0]);
    const model = selectSpans({ results: [a], unitScores, budget: 1000, threshold: 0, floor: 0.005 });
    expect(model.results[0]!.keptUnits).toEqual([0, 1]);
    // Above the floor a threshold still decides.
    const thresholded = selectSpans({ results: [a], unitScores, budget: 1000, threshold: 0.2, floor: 0.005 });
    expect(thresholded.results[0]!.keptUnits).toEqual([0]);
  });

  it("keeps the best unit when nothing passes the threshold only above the fallback floor", () => {
    const scores = [[0.1, 0.05, 0.3, 0.2]];
    const kept = selectSpans({ results: [a], unitScores: scores, budget: 100, threshold: 0.5 });
    expect(kept.results[0]!.keptUnits).toEqual([2]);
    expect(kept.reason).toMatch(/No unit reached the threshold/);
    const none = selectSpans({ results: [a], unitScores: scores, budget: 100, threshold: 0.5, fallbackFloor: 0.3 });
    expect(none.keptUnits).toBe(0);
    expect(none.reason).toMatch(/none scored above 0.3/);
  });

  it("keeps nothing when the set's best unit is at or below the fallback floor, even if units pass the threshold", () => {
    // The relevance gate: units at 0.3 and 0.25 pass threshold 0.2, but the best (0.3) is not above the floor 0.4.
    const scores = [[0.1, 0.3, 0.25, 0.05]];
    const gated = selectSpans({ results: [a], unitScores: scores, budget: 100, threshold: 0.2, fallbackFloor: 0.4 });
    expect(gated.keptUnits).toBe(0);
    expect(gated.results[0]!.spans).toEqual([]);
    expect(gated.reason).toMatch(/do not look like they answer the query/);
    // Above the gate, every unit passing the threshold packs as usual (the gate is not a second threshold).
    const open = selectSpans({ results: [a, b], unitScores: [scores[0]!, [0.45, 0.01]], budget: 100, threshold: 0.2, fallbackFloor: 0.4 });
    expect(open.results[0]!.keptUnits).toEqual([1, 2]);
    expect(open.results[1]!.keptUnits).toEqual([0]);
    expect(open.reason).toBeUndefined();
    // Budget-only selection (threshold at or below the floor) ranks and fills: no gate.
    const fill = selectSpans({ results: [a], unitScores: scores, budget: 100, threshold: 0, fallbackFloor: 0.4 });
    expect(fill.results[0]!.keptUnits).toEqual([0, 1, 2, 3]);
    // A fallback floor at or below the threshold gates nothing beyond the threshold itself.
    const same = selectSpans({ results: [a], unitScores: scores, budget: 100, threshold: 0.2, fallbackFloor: 0.2 });
    expect(same.results[0]!.keptUnits).toEqual([1, 2]);
  });

  it("is fast on a large result set", () => {
    const sentences = Array.from({ length: 5000 }, (_, i) => `Sentence number ${i} has a few words.`);
    const big = makeResult("big", sentences);
    const scores = sentences.map((_, i) => ((i * 7919) % 1000) / 1000);
    // Correctness on a big page; speed is measured by the inspector benchmark, not asserted here.
    for (let i = 0; i < 10; i++) {
      const sel = selectSpans({ results: [big], unitScores: [scores], budget: 4000, threshold: i / 20 });
      expect(sel.tokensOut).toBeLessThanOrEqual(4000);
      expect(sel.keptUnits).toBeGreaterThan(0);
    }
  });
});
