import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES } from "./categories";
import { resultCategorySpans } from "./result-category-spans";

const text = "Buy now! The bridge opened in 1937.";
const cat = (c: string) => SPAN_CATEGORIES.indexOf(c as (typeof SPAN_CATEGORIES)[number]);

describe("resultCategorySpans", () => {
  it("turns each result's token categories into runs with ids, and skips results without a category head", () => {
    const spans = resultCategorySpans([
      {
        id: "d1",
        text,
        tokenScores: {
          starts: [0, 4, 9, 13, 20],
          ends: [3, 8, 12, 19, 35],
          categories: [cat("ads"), cat("ads"), cat("vital"), cat("vital"), cat("vital")],
        },
      },
      { id: "d2", text, tokenScores: { starts: [0], ends: [3] } },
      { id: "d3", text },
    ]);
    expect(spans.map((s) => [s.id, s.category, s.text])).toEqual([
      ["cat-d1-0", "ads", "Buy now!"],
      ["cat-d1-1", "vital", "The bridge opened in 1937."],
    ]);
  });
});
