import { describe, expect, it } from "vitest";
import { planModelSpanAccept } from "./plan-model-span-accept";

// "The bridge opened in 1937." as four tokens: The | bridge | opened | in 1937.
const text = "The bridge opened in 1937.";
const tokens = { starts: [0, 4, 11, 18], ends: [3, 10, 17, 26], probs: [0.1, 0.2, 0.7, 0.9] };
const results = [{ id: "d1", text }];

describe("planModelSpanAccept", () => {
  it("adds the model's spans at the threshold (adjacent kept tokens as one span, its mean score)", () => {
    const plan = planModelSpanAccept({ results, tokenScores: [tokens], threshold: 0.5, existing: [] });
    expect(plan.spans).toEqual([{ documentId: "d1", start: 11, end: 26, text: "opened in 1937.", category: "vital", score: 0.8 }]);
    expect(plan.notice).toBe("Added 1 model span (p ≥ 0.50).");
  });

  it("leaves out spans the annotation has and says so when nothing is new", () => {
    const existing = [{ documentId: "d1", start: 11, end: 26, category: "vital" }];
    const plan = planModelSpanAccept({ results, tokenScores: [tokens], threshold: 0.5, existing });
    expect(plan.spans).toEqual([]);
    expect(plan.notice).toBe("The model spans (p ≥ 0.50) are already in your annotation.");
    // The same range with another category is not the same span.
    expect(
      planModelSpanAccept({ results, tokenScores: [tokens], threshold: 0.5, existing: [{ ...existing[0]!, category: "ads" }] }).spans,
    ).toHaveLength(1);
  });

  it("says when no token reaches the threshold, and skips results without token scores", () => {
    expect(planModelSpanAccept({ results, tokenScores: [tokens], threshold: 0.95, existing: [] })).toEqual({
      spans: [],
      notice: "No token reaches the threshold.",
    });
    expect(planModelSpanAccept({ results, tokenScores: [undefined], threshold: 0.1, existing: [] }).notice).toBe("No token reaches the threshold.");
  });

  it("counts the spans of every result", () => {
    const plan = planModelSpanAccept({ results: [...results, { id: "d2", text }], tokenScores: [tokens, tokens], threshold: 0.15, existing: [] });
    expect(plan.spans.map((s) => [s.documentId, s.text])).toEqual([
      ["d1", "bridge opened in 1937."],
      ["d2", "bridge opened in 1937."],
    ]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.15).");
  });
});
