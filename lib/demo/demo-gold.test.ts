import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "../text/html-to-canonical";
import { textToCanonical } from "../text/text-to-canonical";
import { DEMO_FIXTURES } from "./demo-fixtures";
import { DEMO_GOLD } from "./demo-gold";
import { findSameCategoryOverlaps } from "../spans/review/same-category-overlaps";
import { isWordFragment } from "../spans/word-edges";

describe("demo gold", () => {
  it("every quote is found once in its result's canonical text, and every pair has vital evidence", () => {
    for (const f of DEMO_FIXTURES) {
      const gold = DEMO_GOLD[f.id] ?? [];
      expect(
        gold.some((g) => g.category === "vital"),
        f.id,
      ).toBe(true);
      const placed = [];
      for (const g of gold) {
        const r = f.results[g.result]!;
        const text = r.html !== undefined ? htmlToCanonical(r.html).text : textToCanonical(r.text!).text;
        const at = text.indexOf(g.quote);
        expect(at, `${f.id}: ${g.quote}`).toBeGreaterThanOrEqual(0);
        expect(text.indexOf(g.quote, at + 1), `${f.id}: ${g.quote} appears twice`).toBe(-1);
        expect(isWordFragment({ text, start: at, end: at + g.quote.length }), `${f.id}: ${g.quote} cuts a word`).toBe(false);
        placed.push({ documentId: String(g.result), start: at, end: at + g.quote.length, category: g.category });
      }
      // The seeded gold keeps the gold invariants the data layer enforces on every other write.
      expect(findSameCategoryOverlaps(placed), f.id).toEqual([]);
    }
    expect(Object.keys(DEMO_GOLD).sort()).toEqual(DEMO_FIXTURES.map((f) => f.id).sort());
  });
});
