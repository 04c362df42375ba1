import { describe, expect, it } from "vitest";
import { selectSpans } from "../engine/select-spans";
import type { SelectableResult } from "../engine/types";
import {
  addCategoryTokens,
  BREAKDOWN_CATEGORIES,
  categoryTokensOfSelection,
  emptyCategoryTokens,
  formatChange,
  formatShare,
  summarizeCategoryTokens,
} from "./category-breakdown";
import { breakdownToCsv, toCsv } from "./research-csv";
import { createRng } from "../data/synthesize-page";
import { SPAN_CATEGORIES } from "../spans/categories";

// Text: "Menu Home." (unit 0, 10 chars, 4 tokens) + "\n" + "The answer is 42." (unit 1, 17 chars, 6 tokens).
const text = "Menu Home.\nThe answer is 42.";
const result: SelectableResult = {
  id: "r",
  doc: { text },
  units: [
    { start: 0, end: 10, block: 0 },
    { start: 11, end: 28, block: 1 },
  ],
  unitTokens: [4, 6],
  tokensIn: 10,
};
const at = (cat: string) => BREAKDOWN_CATEGORIES.indexOf(cat as never);

describe("category breakdown, by hand", () => {
  it("splits each unit's tokens over its characters' categories, and counts the kept units again", () => {
    // Navigation covers "Menu Home." entirely; vital covers "answer is 42" (12 of unit 1's 17 characters).
    const categories = [
      [
        { start: 0, end: 10, category: "ui_navigation" as const },
        { start: 15, end: 27, category: "vital" as const },
      ],
    ];
    // Only unit 1 scores above the threshold.
    const selection = selectSpans({ results: [result], unitScores: [[0.1, 0.9]], budget: 100, threshold: 0.5 });
    const t = categoryTokensOfSelection({ results: [result], selection, categories });
    expect(t.tokensIn[at("ui_navigation")]).toBeCloseTo(4, 10);
    expect(t.tokensIn[at("vital")]).toBeCloseTo((6 * 12) / 17, 10);
    expect(t.tokensIn[at("unlabelled")]).toBeCloseTo((6 * 5) / 17, 10);
    expect(t.tokensOut[at("ui_navigation")]).toBe(0);
    expect(t.tokensOut[at("vital")]).toBeCloseTo((6 * 12) / 17, 10);

    const s = summarizeCategoryTokens(t);
    expect(s.totalIn).toBeCloseTo(10, 10);
    expect(s.totalOut).toBeCloseTo(6, 10);
    const row = (c: string) => s.rows.find((r) => r.category === c)!;
    // Vital: 4.235 of 10 in (42.4 %), 4.235 of 6 out (70.6 %): +67 %. Navigation: 40 % → 0 %: −100 %.
    expect(row("vital").shareIn).toBeCloseTo(0.72 / 1.7, 10);
    expect(row("vital").shareOut).toBeCloseTo(12 / 17, 10);
    expect(formatChange(row("vital").change)).toBe("+67 %");
    expect(formatShare(row("vital").shareIn)).toBe("42.4 %");
    expect(formatChange(row("ui_navigation").change)).toBe("−100 %");
    expect(formatChange(row("ads").change)).toBe("—");
    expect(row("ads")).toMatchObject({ tokensIn: 0, tokensOut: 0, shareIn: 0, shareOut: 0, change: null });
  });

  it("counts overlapping spans once, for the first category in the legend's order, and a cut unit with its kept tokens", () => {
    const categories = [
      [
        { start: 0, end: 10, category: "ads" as const },
        { start: 0, end: 5, category: "vital" as const },
      ],
    ];
    // A budget of 2 tokens: nothing fits whole, the best unit (unit 0) is cut to a prefix.
    const selection = selectSpans({ results: [result], unitScores: [[0.9, 0.1]], budget: 2, threshold: 0.5 });
    expect(selection.truncated).toBe(true);
    const t = categoryTokensOfSelection({ results: [result], selection, categories });
    // Unit 0: 5 characters vital, 5 ads → 2 tokens each.
    expect(t.tokensIn[at("vital")]).toBeCloseTo(2, 10);
    expect(t.tokensIn[at("ads")]).toBeCloseTo(2, 10);
    const kept = selection.results[0]!.spans[0]!;
    expect(kept.start).toBe(0);
    const out = t.tokensOut.reduce((a, b) => a + b, 0);
    expect(out).toBeCloseTo(selection.tokensOut, 10);

    const total = emptyCategoryTokens();
    addCategoryTokens(total, t);
    addCategoryTokens(total, t);
    expect(total.tokensIn[at("vital")]).toBeCloseTo(4, 10);
  });

  it("writes CSV with the table's rounding", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          [1, null],
        ],
      ),
    ).toBe('a,b\n"x,y","say ""hi"""\n1,\n');
    const s = summarizeCategoryTokens({ tokensIn: [1, 0, 0, 0, 0, 0, 2], tokensOut: [1, 0, 0, 0, 0, 0, 0] });
    const lines = breakdownToCsv([{ source: "all", rows: s.rows }])
      .trim()
      .split("\n");
    expect(lines[0]).toBe("source,category,tokensIn,tokensOut,shareInPercent,shareOutPercent,changePercent");
    expect(lines[1]).toBe("all,vital,1,1,33.3,100,200");
    expect(lines[7]).toBe("all,unlabelled,2,0,66.7,0,-100");
  });
});

describe("category breakdown against a per-character reference", () => {
  it("agrees on random overlapping spans, empty spans and spans past the text", () => {
    const r = createRng(11);
    for (let trial = 0; trial < 200; trial++) {
      const length = 1 + Math.floor(r() * 80);
      const body = Array.from({ length }, () => "ab. "[Math.floor(r() * 4)]).join("");
      const cuts = [...new Set([0, length, ...Array.from({ length: 4 }, () => Math.floor(r() * length))])].sort((a, b) => a - b);
      const units = cuts.slice(1).map((end, i) => ({ start: cuts[i]!, end, block: 0 }));
      const res: SelectableResult = { id: "r", doc: { text: body }, units, unitTokens: units.map(() => 1 + Math.floor(r() * 9)), tokensIn: 0 };
      const category = () => SPAN_CATEGORIES[Math.floor(r() * SPAN_CATEGORIES.length)]!;
      // Odd trials: ordered, disjoint intervals (the model's token categories), which take a path of their own.
      const intervals =
        trial % 2 === 0
          ? Array.from({ length: Math.floor(r() * 8) }, () => {
              const start = Math.floor(r() * (length + 5)) - 2;
              return { start, end: start + Math.floor(r() * 30) - 3, category: category() };
            })
          : cuts.slice(1).flatMap((end, i) => (r() < 0.7 ? [{ start: cuts[i]! + Math.floor(r() * 2), end, category: category() }] : []));
      const scores = units.map(() => r());
      const selection = selectSpans({ results: [res], unitScores: [scores], budget: 1000, threshold: 0.5 });
      const got = categoryTokensOfSelection({ results: [res], selection, categories: [intervals] });

      // Reference: each character's category (first in the legend wins), each unit's tokens shared per character.
      const chars = Array.from({ length }, (_, p) => {
        const c = intervals.filter((iv) => iv.start <= p && p < iv.end).map((iv) => SPAN_CATEGORIES.indexOf(iv.category));
        return c.length > 0 ? Math.min(...c) : BREAKDOWN_CATEGORIES.length - 1;
      });
      const want = emptyCategoryTokens();
      const kept = new Set(selection.results[0]!.keptUnits);
      units.forEach((u, k) => {
        for (let p = u.start; p < u.end; p++) {
          want.tokensIn[chars[p]!]! += res.unitTokens[k]! / (u.end - u.start);
          if (kept.has(k)) want.tokensOut[chars[p]!]! += res.unitTokens[k]! / (u.end - u.start);
        }
      });
      for (let c = 0; c < BREAKDOWN_CATEGORIES.length; c++) {
        expect(got.tokensIn[c]).toBeCloseTo(want.tokensIn[c]!, 9);
        expect(got.tokensOut[c]).toBeCloseTo(want.tokensOut[c]!, 9);
      }
    }
  });
});
