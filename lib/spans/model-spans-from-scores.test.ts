import { describe, expect, it } from "vitest";
import { labelTokens } from "./label-tokens";
import { modelSpansFromScores } from "./model-spans-from-scores";

describe("modelSpansFromScores", () => {
  it("merges consecutive kept tokens into spans with their mean score", () => {
    const text = "one two three four five";
    const starts = [0, 4, 8, 14, 19];
    const ends = [3, 7, 13, 18, 23];
    const spans = modelSpansFromScores({
      documentId: "d",
      text,
      starts,
      ends,
      scores: Float32Array.from([0.75, 0.25, 0.5, 1, 0.25]),
      threshold: 0.5,
      author: "mini",
    });
    expect(spans).toEqual([
      { documentId: "d", start: 0, end: 3, text: "one", category: "vital", source: "model", score: 0.75, author: "mini" },
      { documentId: "d", start: 8, end: 18, text: "three four", category: "vital", source: "model", score: 0.75, author: "mini" },
    ]);
    expect(modelSpansFromScores({ documentId: "d", text, starts, ends, scores: [0, 0, 0, 0, 0], threshold: 0.5 })).toEqual([]);
  });
});

describe("labelTokens", () => {
  it("marks tokens overlapping a span by at least one character", () => {
    const starts = [0, 4, 8, 14];
    const ends = [3, 7, 13, 18];
    expect(Array.from(labelTokens({ starts, ends, spans: [{ start: 6, end: 9 }] }))).toEqual([0, 1, 1, 0]);
    expect(
      Array.from(
        labelTokens({
          starts,
          ends,
          spans: [
            { start: 3, end: 4 },
            { start: 13, end: 14 },
          ],
        }),
      ),
    ).toEqual([0, 0, 0, 0]);
    expect(
      Array.from(
        labelTokens({
          starts,
          ends,
          spans: [
            { start: 15, end: 30 },
            { start: 0, end: 1 },
          ],
        }),
      ),
    ).toEqual([1, 0, 0, 1]);
  });
});
