import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import { countCategoriesByLayer, marksByDocument } from "./layer-marks";
import { resultCategorySpans } from "./result-category-spans";
import { isWordFragment } from "./word-edges";

const gold = [{ id: "g1", documentId: "d1", start: 0, end: 4, category: "vital" as const }];
const mine = [
  { id: "s1", documentId: "d2", start: 2, end: 6, category: "ads" as const },
  { id: "s2", documentId: "d1", start: 5, end: 9, category: "vital" as const },
  { id: "s3", documentId: "gone", start: 0, end: 1, category: "vital" as const },
];

describe("marksByDocument", () => {
  it("groups the layers' spans by document in layer order, every document present, unknown documents left out", () => {
    const marks = marksByDocument({
      documentIds: ["d1", "d2", "d3"],
      layers: [
        { layer: "gold", spans: gold },
        { layer: "mine", spans: mine },
      ],
    });
    expect([...marks.keys()]).toEqual(["d1", "d2", "d3"]);
    expect(marks.get("d1")).toEqual([
      { key: "gold:g1", layer: "gold", id: "g1", category: "vital", start: 0, end: 4 },
      { key: "mine:s2", layer: "mine", id: "s2", category: "vital", start: 5, end: 9 },
    ]);
    expect(marks.get("d2")!.map((m) => m.key)).toEqual(["mine:s1"]);
    expect(marks.get("d3")).toEqual([]);
  });
});

describe("countCategoriesByLayer", () => {
  it("counts every category of every layer, zeros included", () => {
    const counts = countCategoriesByLayer({ gold, mine, judge: [] });
    expect(counts.gold.vital).toBe(1);
    expect(counts.mine).toMatchObject({ vital: 2, ads: 1, off_topic: 0 });
    expect(Object.values(counts.judge).every((n) => n === 0)).toBe(true);
    expect(Object.keys(counts.judge)).toEqual(Object.keys(counts.gold));
  });
});

describe("the categories layer's marks", () => {
  const cat = (c: SpanCategory) => SPAN_CATEGORIES.indexOf(c);
  /** Tokens cut where a sub-word tokenizer cuts (`pieces` joined give the text); each piece has a category. */
  function scored(id: string, pieces: readonly [string, SpanCategory][]) {
    let text = "";
    const starts: number[] = [];
    const ends: number[] = [];
    const categories: number[] = [];
    for (const [piece, c] of pieces) {
      const lead = piece.length - piece.trimStart().length;
      starts.push(text.length + lead);
      text += piece;
      ends.push(text.length);
      categories.push(cat(c));
    }
    return { id, text, tokenScores: { starts, ends, categories } };
  }
  const en = scored("en", [
    ["Read", "off_topic"],
    [" the", "vital"],
    [" doc", "vital"],
    ["s", "ui_navigation"],
    [" and", "ui_navigation"],
    [" pass", "vital"],
    [" AbortS", "vital"],
    ["ignal", "metadata"],
    [" first.", "metadata"],
  ]);
  const uk = scored("uk", [
    ["Очистіть", "vital"],
    [" кеш", "vital"],
    [" брау", "vital"],
    ["зера", "ads"],
    [" Chrome", "ads"],
  ]);
  // One token per character, as the model's tokenizer splits CJK; 多久, 一次, 夏天 are words (Intl) cut between runs.
  const zhText = "绿萝多久浇一次水？夏天和冬天有什么不同？";
  const zh = scored(
    "zh",
    [...zhText].map((ch, k): [string, SpanCategory] => [ch, k < 3 ? "vital" : k < 6 ? "metadata" : k < 9 ? "vital" : k < 10 ? "ads" : "vital"]),
  );
  const docs = [en, uk, zh];
  const marks = marksByDocument({
    documentIds: docs.map((d) => d.id),
    layers: [{ layer: "categories", spans: resultCategorySpans(docs) }],
  });

  it("never start or end inside a word (English sub-words, Cyrillic, CJK where a word may be one character)", () => {
    for (const d of docs) {
      const list = marks.get(d.id)!;
      expect(list.length).toBeGreaterThan(0);
      for (const m of list)
        expect(isWordFragment({ text: d.text, start: m.start, end: m.end }), `${d.id}: ${d.text.slice(m.start, m.end)}`).toBe(false);
    }
    const shown = (id: string, text: string) => marks.get(id)!.map((m) => [m.category, text.slice(m.start, m.end)]);
    expect(shown("en", en.text)).toEqual([
      ["vital", "the docs"],
      ["ui_navigation", "and"],
      ["vital", "pass AbortSignal"],
      ["metadata", "first."],
    ]);
    expect(shown("uk", uk.text)).toEqual([
      ["vital", "Очистіть кеш браузера"],
      ["ads", "Chrome"],
    ]);
  });

  it("keep CJK marks to their words: no mark swallows the sentence", () => {
    const list = marks.get("zh")!;
    expect(list.map((m) => m.category)).toEqual(["vital", "metadata", "vital", "ads", "vital"]);
    expect(list.every((m) => m.end - m.start < zhText.length / 2)).toBe(true);
    // The marks tile the characters they had (only moved to word edges): nothing left unmarked between them.
    expect(list.map((m) => zhText.slice(m.start, m.end)).join("")).toBe(zhText);
  });
});
