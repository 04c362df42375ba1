import { describe, expect, it } from "vitest";
import { SEARCH_QUERIES } from "../search-passages-fixtures";
import { createRng } from "../synthesize-page";
import { CAT } from "./categories";
import { searchPassageExamples } from "./search-passage-examples";

describe("searchPassageExamples", () => {
  it("labels the answer sentence vital in answerable passages and nothing vital in the others", () => {
    const out = Array.from({ length: 10 }, (_, s) => searchPassageExamples(SEARCH_QUERIES, 1, createRng(s))).flat();
    expect(out.length).toBeGreaterThan(0);
    expect(new Set(out.map((e) => e.source))).toEqual(new Set(["nq:retrieved", "nq:retrieved-unanswerable"]));
    for (const ex of out) {
      const [doc] = ex.docs;
      const vital = doc!.categories.filter((c) => c === CAT.vital).length;
      if (ex.source === "nq:retrieved") expect(vital).toBeGreaterThan(10);
      else expect(vital).toBe(0);
      expect(doc!.categories.length).toBe(doc!.doc.text.length);
    }
  });

  it("asks that share of the queries", () => {
    expect(searchPassageExamples(SEARCH_QUERIES, 0.5, createRng(1)).length).toBeLessThanOrEqual(2);
    expect(searchPassageExamples(SEARCH_QUERIES, 0, createRng(1))).toEqual([]);
  });
});
