import { describe, expect, it } from "vitest";
import { planModelSpanAccept } from "./plan-model-span-accept";
import { isWordFragment } from "./word-edges";

// Three sentences as units; the selection keeps the last two.
const text = "Set a timer. Call fetch(url) with a signal. Catch the DOMException.";
const units = [
  { start: 0, end: 12 },
  { start: 13, end: 43 },
  { start: 44, end: 67 },
];
const results = [{ id: "d1", text, units }];
const unitScores = [[0.1, 0.6, 0.8]];

describe("planModelSpanAccept", () => {
  it("adds the kept units whole, adjacent ones merged into one span (mean unit score)", () => {
    const plan = planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing: [] });
    expect(plan.spans).toEqual([{ documentId: "d1", start: 13, end: 67, text: text.slice(13), category: "vital", score: 0.7 }]);
    expect(plan.notice).toBe("Added 1 model span (p ≥ 0.50).");
    for (const s of plan.spans) expect(isWordFragment({ text, start: s.start, end: s.end })).toBe(false);
  });

  it("keeps units apart when a dropped unit lies between them", () => {
    const plan = planModelSpanAccept({ results, keptUnits: [[0, 2]], unitScores, threshold: 0.05, existing: [] });
    expect(plan.spans.map((s) => s.text)).toEqual(["Set a timer.", "Catch the DOMException."]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.05).");
  });

  it("leaves out spans the annotation has and says so when nothing is new", () => {
    const existing = [{ documentId: "d1", start: 13, end: 67, category: "vital" }];
    const plan = planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing });
    expect(plan.spans).toEqual([]);
    expect(plan.notice).toBe("The model spans (p ≥ 0.50) are already in your annotation.");
    // The same range with another category is not the same span.
    expect(
      planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing: [{ ...existing[0]!, category: "ads" }] }).spans,
    ).toHaveLength(1);
  });

  it("says when the selection keeps nothing, and skips results without a selection", () => {
    expect(planModelSpanAccept({ results, keptUnits: [[]], unitScores, threshold: 0.95, existing: [] })).toEqual({
      spans: [],
      notice: "The selection keeps no text at this threshold.",
    });
    expect(planModelSpanAccept({ results, keptUnits: [undefined], unitScores: [undefined], threshold: 0.1, existing: [] }).notice).toBe(
      "The selection keeps no text at this threshold.",
    );
  });

  it("counts the spans of every result", () => {
    const plan = planModelSpanAccept({
      results: [...results, { id: "d2", text, units }],
      keptUnits: [[2], [2]],
      unitScores: [...unitScores, ...unitScores],
      threshold: 0.7,
      existing: [],
    });
    expect(plan.spans.map((s) => [s.documentId, s.text])).toEqual([
      ["d1", "Catch the DOMException."],
      ["d2", "Catch the DOMException."],
    ]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.70).");
  });
});
