import { describe, expect, it } from "vitest";
import { SEARCH_RERANK_FEATURES } from "../engine/search-rerank";
import { fitSearchRerank, type RerankList } from "./fit-search-rerank";

/** Lists of 4 units, 2 features: [opens the paragraph, noise]; evidence is the opening unit 80% of the time. */
function lists(n: number): RerankList[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, k) => {
    const answer = k % 5 === 0 ? 2 : 0;
    return { x: [0, 1, 2, 3].map((i) => [i === 0 ? 1 : 0, rand()]), y: [0, 1, 2, 3].map((i) => (i === answer ? 1 : 0)) };
  });
}

describe("fitSearchRerank", () => {
  it("learns which feature marks the evidence, deterministically", () => {
    const a = fitSearchRerank({ lists: lists(200), weight: 0.7 });
    expect(a.features).toBe(SEARCH_RERANK_FEATURES);
    expect(a.weight).toBe(0.7);
    expect(a.lists).toBe(200);
    expect(a.coefficients[0]!).toBeGreaterThan(0.5);
    expect(Math.abs(a.coefficients[1]!)).toBeLessThan(a.coefficients[0]! / 3);
    expect(fitSearchRerank({ lists: lists(200), weight: 0.7 })).toEqual(a);
  });

  it("skips lists without both evidence and other units, and refuses when none is left", () => {
    const useless: RerankList[] = [
      { x: [[1], [0]], y: [0, 0] },
      { x: [[1], [0]], y: [1, 1] },
      { x: [[Number.NaN], [0]], y: [1, 0] },
    ];
    expect(() => fitSearchRerank({ lists: useless, weight: 1 })).toThrow(/no list/);
    expect(fitSearchRerank({ lists: [...useless, { x: [[1], [0]], y: [1, 0] }], weight: 1 }).lists).toBe(1);
  });
});
