import { describe, expect, it } from "vitest";
import { spanCategories } from "./span-categories.js";

const labels = ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate"];
// "Opened 1932. Buy now!" as model tokens: [0,6) [7,11) [11,12) [13,16) [17,20) [20,21)
const tokens = {
  starts: [0, 7, 11, 13, 17, 20],
  ends: [6, 11, 12, 16, 20, 21],
  probs: [0.9, 0.8, 0.7, 0.1, 0.1, 0.1],
  categories: [0, 0, 3, 2, 2, 2],
  categoryLabels: labels,
};

describe("spanCategories", () => {
  it("shares and the majority of the tokens inside the span", () => {
    expect(spanCategories(tokens, 0, 12)).toEqual({ category: "vital", categories: { vital: 2 / 3, metadata: 1 / 3 } });
    expect(spanCategories(tokens, 13, 21)).toEqual({ category: "ads", categories: { ads: 1 } });
  });

  it("counts only tokens wholly inside", () => {
    expect(spanCategories(tokens, 8, 16)).toEqual({ category: "metadata", categories: { metadata: 0.5, ads: 0.5 } });
  });

  it("null without a category head or without tokens", () => {
    expect(spanCategories({ ...tokens, categories: undefined }, 0, 12)).toBeNull();
    expect(spanCategories(undefined, 0, 12)).toBeNull();
    expect(spanCategories(tokens, 21, 30)).toBeNull();
  });
});
