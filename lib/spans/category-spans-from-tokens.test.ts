import { describe, expect, it } from "vitest";
import { categorySpansFromTokens } from "./category-spans-from-tokens";

describe("categorySpansFromTokens", () => {
  it("merges runs of one category, skips off-topic and never crosses a block", () => {
    const text = "Home News\nThe bridge opened.\nAd: buy now";
    const tokens = [
      [0, 4, 4],
      [5, 9, 4],
      [10, 13, 0],
      [14, 20, 0],
      [21, 27, 1],
      [27, 28, 1],
      [29, 31, 2],
      [31, 32, 2],
      [33, 36, 2],
      [37, 40, 2],
    ];
    const spans = categorySpansFromTokens({
      documentId: "d",
      text,
      starts: tokens.map((t) => t[0]!),
      ends: tokens.map((t) => t[1]!),
      categories: tokens.map((t) => t[2]!),
    });
    expect(spans.map((s) => [s.category, s.text])).toEqual([
      ["ui_navigation", "Home News"],
      ["vital", "The bridge"],
      ["ads", "Ad: buy now"],
    ]);
  });
});

describe("categorySpansFromTokens with wordEdges", () => {
  it("snaps the runs to words before leaving out off-topic, so a shared word goes whole to one side", () => {
    const text = "Read the docs now";
    // Sub-word tokens: "doc" vital, "s" and the rest off-topic.
    const tokens = [
      [0, 4, 0],
      [5, 8, 0],
      [9, 12, 0],
      [12, 13, 1],
      [14, 17, 1],
    ];
    const opts = {
      documentId: "d",
      text,
      starts: tokens.map((t) => t[0]!),
      ends: tokens.map((t) => t[1]!),
      categories: tokens.map((t) => t[2]!),
    };
    expect(categorySpansFromTokens(opts).map((s) => s.text)).toEqual(["Read the doc"]);
    expect(categorySpansFromTokens({ ...opts, wordEdges: true }).map((s) => [s.category, s.text])).toEqual([["vital", "Read the docs"]]);
    expect(categorySpansFromTokens({ ...opts, wordEdges: true, skip: [] }).map((s) => [s.category, s.text, s.start, s.end])).toEqual([
      ["vital", "Read the docs", 0, 13],
      ["off_topic", "now", 14, 17],
    ]);
  });
});
