import { describe, expect, it } from "vitest";
import { adjudicate } from "./adjudicate";
import type { SpanCategory } from "./categories";
import type { Span } from "./schemas";

const TEXT = "aaaa bbbb cccc dddd eeee";
const texts = new Map([["d", TEXT]]);
const sp = (start: number, end: number, category: SpanCategory = "vital"): Span => ({
  documentId: "d",
  start,
  end,
  text: TEXT.slice(start, end),
  category,
  source: "human",
});

describe("adjudicate", () => {
  it("keeps characters a strict majority marked, per category", () => {
    const r = adjudicate({
      texts,
      author: "rev",
      annotations: [
        { annotator: "x", spans: [sp(0, 9), sp(15, 24, "ads")] },
        { annotator: "y", spans: [sp(5, 14), sp(15, 19, "ads")] },
        { annotator: "z", spans: [sp(0, 4), sp(5, 9), sp(20, 24, "metadata")] },
      ],
    });
    expect(r.minVotes).toBe(2);
    // vital: x [0,9), y [5,14), z [0,4)+[5,9) → [0,4) x,z; [4,5) x; [5,9) x,y,z; [9,14) y.
    // ads: x [15,24), y [15,19) → [15,19) x,y; [19,24) x. metadata: z alone.
    expect(r.spans.map((s) => [s.start, s.end, s.text, s.category])).toEqual([
      [0, 4, "aaaa", "vital"],
      [5, 9, "bbbb", "vital"],
      [15, 19, "dddd", "ads"],
    ]);
    expect(r.spans[0]).toMatchObject({ source: "gold", author: "rev", score: 2 / 3 });
    expect(r.spans[1]!.score).toBe(1);
    expect(r.disputed.map((d) => [d.start, d.end, d.category, d.annotators.join(",")])).toEqual([
      [4, 5, "vital", "x"],
      [9, 14, "vital", "y"],
      [19, 24, "ads", "x"],
      [20, 24, "metadata", "z"],
    ]);
  });

  it("counts each annotator once even with overlapping own spans, and trims whitespace", () => {
    const r = adjudicate({
      texts,
      annotations: [
        { annotator: "x", spans: [sp(0, 9), sp(3, 10)] },
        { annotator: "y", spans: [sp(4, 10)] },
        { annotator: "z", spans: [] },
      ],
    });
    // Majority (2 of 3) on [4,10) = " bbbb " → trimmed to [5,9).
    expect(r.spans.map((s) => [s.start, s.end])).toEqual([[5, 9]]);
  });

  it("supports a custom vote threshold and validates spans against the text", () => {
    const anns = [
      { annotator: "x", spans: [sp(0, 4)] },
      { annotator: "y", spans: [sp(10, 14)] },
    ];
    expect(adjudicate({ texts, annotations: anns, minVotes: 1 }).spans.map((s) => s.text)).toEqual(["aaaa", "cccc"]);
    expect(adjudicate({ texts, annotations: anns }).spans).toEqual([]);
    expect(() => adjudicate({ texts, annotations: [{ annotator: "x", spans: [{ ...sp(0, 4), text: "zzzz" }] }] })).toThrow(/mismatch/);
  });
});
