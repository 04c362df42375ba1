import { describe, expect, it } from "vitest";
import type { SearchRerank } from "./profile";
import { prepareResult } from "./prepare-result";
import { applySearchRerank, isSearchQuery, SEARCH_RERANK_FEATURES, searchRerankFeatures } from "./search-rerank";
import { textToCanonical } from "../text/text-to-canonical";

const PASSAGE = [
  "The Lumen Bridge is a stone arch bridge over the Varna River in Ostrel.",
  "Its seven arches are built of local granite.",
  "Trams crossed the bridge until 1960, when the river was dredged.",
  "The bridge is lit by gas lamps at night.",
].join(" ");
const result = prepareResult({ id: "a", doc: textToCanonical(PASSAGE) });
const scores = [0.3, 0.2, 0.6, 0.1];

/** A reranker that reads only the unit's position in its paragraph (feature 4): openings first. */
function positionOnly(weight: number): SearchRerank {
  const d = searchRerankFeatures({ query: "x", text: result.doc.text, units: result.units, scores })[0]!.length;
  const coefficients = new Array<number>(d).fill(0);
  coefficients[4] = 3;
  return { features: SEARCH_RERANK_FEATURES, weight, mean: new Array<number>(d).fill(0), sd: new Array<number>(d).fill(1), coefficients };
}

describe("isSearchQuery", () => {
  it("reads lowercase queries as typed into a search engine", () => {
    expect(isSearchQuery("when did the british came to new zealand")).toBe(true);
    expect(isSearchQuery("  iphone 12 battery life ")).toBe(true);
    expect(isSearchQuery("хто написав кобзар")).toBe(true);
    expect(isSearchQuery("2024 election results")).toBe(true);
    expect(isSearchQuery("how are glacier caves formed?")).toBe(true);
  });

  it("does not read questions, titles, claims or uncased scripts as search queries", () => {
    expect(isSearchQuery("When did the British come to New Zealand?")).toBe(false);
    expect(isSearchQuery("Nikolaj Coster-Waldau worked with the Fox Broadcasting Company.")).toBe(false);
    expect(isSearchQuery("吕凯被任命成了哪个地方的太守")).toBe(false);
    expect(isSearchQuery("2024 Election results")).toBe(false);
    expect(isSearchQuery("")).toBe(false);
  });
});

describe("searchRerankFeatures", () => {
  it("gives one finite row per unit, the paragraph position starting again at each paragraph", () => {
    const twoParas = prepareResult({ id: "b", doc: textToCanonical("First one here. Second one here.\n\nThird one here. Fourth one here.") });
    const rows = searchRerankFeatures({ query: "one here", text: twoParas.doc.text, units: twoParas.units, scores: [0.5, 0.4, 0.3, 0.2] });
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.every(Number.isFinite))).toBe(true);
    // Column 4: 1 / (1 + position in the paragraph); the last column: 1 / (1 + paragraph).
    expect(rows.map((r) => r[4])).toEqual([1, 0.5, 1, 0.5]);
    expect(rows.map((r) => r[r.length - 1])).toEqual([1, 1, 0.5, 0.5]);
  });
});

describe("applySearchRerank", () => {
  const query = "lumen bridge varna river";

  it("reorders a passage's units for a search query and keeps the result's best score", () => {
    const out = applySearchRerank(positionOnly(1), { query, text: result.doc.text, units: result.units, scores });
    expect(Math.max(...out)).toBeCloseTo(0.6, 12);
    expect(out[0]).toBeCloseTo(0.6, 12);
    expect(out[0]! / out[2]!).toBeGreaterThan(scores[0]! / scores[2]!);
    // Half the weight moves it half way.
    const half = applySearchRerank(positionOnly(0.5), { query, text: result.doc.text, units: result.units, scores });
    expect(half[0]! / half[2]!).toBeGreaterThan(scores[0]! / scores[2]!);
    expect(half[0]! / half[2]!).toBeLessThan(out[0]! / out[2]!);
  });

  it("leaves questions, long documents, other feature sets and a zero weight to the model's scores", () => {
    const input = { text: result.doc.text, units: result.units, scores };
    expect(applySearchRerank(positionOnly(1), { ...input, query: "Where is the Lumen Bridge?" })).toEqual(scores);
    expect(applySearchRerank({ ...positionOnly(1), features: "search-rerank-v0" }, { ...input, query })).toEqual(scores);
    expect(applySearchRerank(positionOnly(0), { ...input, query })).toEqual(scores);
    expect(applySearchRerank(undefined, { ...input, query })).toEqual(scores);
    const long = prepareResult({ id: "c", doc: textToCanonical(Array.from({ length: 13 }, (_, i) => `Sentence number ${i} is here.`).join(" ")) });
    const longScores = long.units.map((_, i) => 0.1 + i / 100);
    expect(long.units.length).toBeGreaterThan(12);
    expect(applySearchRerank(positionOnly(1), { query, text: long.doc.text, units: long.units, scores: longScores })).toEqual(longScores);
  });
});
