import { describe, expect, it } from "vitest";
import { cosine } from "./cosine";
import { feedbackQuery } from "./feedback-query";

describe("feedbackQuery", () => {
  const q = [1, 0, 0];
  const vectors = [
    [0.9, 0.43, 0],
    [0.8, 0.6, 0],
    [0, 0, 1],
    [0.1, 0.99, 0],
  ];
  const scores = vectors.map((v) => cosine(q, v));

  it("moves the query towards the mean of its closest vectors by the weight", () => {
    const moved = feedbackQuery(q, vectors, scores, { top: 2, weight: 1 });
    // q + (v0 + v1) / 2
    expect(Array.from(moved).map((x) => +x.toFixed(4))).toEqual([1.85, 0.515, 0]);
    // A vector on the top vectors' subject rises against the query's own reading; an unrelated one does not.
    expect(cosine(moved, vectors[3]!)).toBeGreaterThan(cosine(q, vectors[3]!));
    expect(cosine(moved, vectors[2]!)).toBe(0);
  });

  it("takes at most as many vectors as there are, and leaves the query as it was", () => {
    const moved = feedbackQuery(q, vectors.slice(0, 1), scores.slice(0, 1), { top: 5, weight: 0.5 });
    expect(Array.from(moved).map((x) => +x.toFixed(4))).toEqual([1.45, 0.215, 0]);
    expect(q).toEqual([1, 0, 0]);
    expect(Array.from(feedbackQuery(q, [], [], { top: 3, weight: 1 }))).toEqual([1, 0, 0]);
  });

  it("breaks ties in the scores by position, so the same input gives the same query", () => {
    const tied = feedbackQuery(q, [vectors[0]!, vectors[2]!], [0.5, 0.5], { top: 1, weight: 1 });
    expect(Array.from(tied).map((x) => +x.toFixed(4))).toEqual([1.9, 0.43, 0]);
  });
});
