import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "../text/html-to-canonical";
import { segmentSentences } from "../text/segment-sentences";
import { textToCanonical } from "../text/text-to-canonical";
import type { CanonicalDoc } from "../text/types";
import { countSectionParts, countSimilarityParts, namesDocument, splitSections } from "./split-sections";

const PAPER = [
  "We study compression of retrieved pages for question answering.",
  "## Datasets",
  "We train on SQuAD and HotpotQA. Both are public.",
  "## Results",
  "The model keeps the answer more often than BM25.",
].join("\n\n");

function split(doc: CanonicalDoc, query = "Which datasets are used?", title?: string, entryTitles = false) {
  const units = segmentSentences(doc);
  return { units, sections: splitSections({ query, doc, units, entryTitles, ...(title !== undefined ? { title } : {}) }) };
}

describe("splitSections", () => {
  it("cuts a plain document into heading-led sections whose text and units are the document's, shifted", () => {
    const doc = textToCanonical(PAPER);
    const { units, sections } = split(doc, "Which datasets are used?", "Compressing pages");
    expect(sections).toBeDefined();
    expect(sections!.map((s) => s.title)).toEqual(["Compressing pages", "Datasets", "Results"]);
    for (const s of sections!) {
      // Verbatim: the section's text is the document's from its offset, and so is every unit.
      expect(doc.text.slice(s.offset, s.offset + s.doc.text.length)).toBe(s.doc.text);
      s.units.forEach((u, k) => {
        const orig = units[s.unitIndexes[k]!]!;
        expect(u.start + s.offset).toBe(orig.start);
        expect(s.doc.text.slice(u.start, u.end)).toBe(doc.text.slice(orig.start, orig.end));
        expect(s.doc.blocks[u.block]!.start).toBeLessThanOrEqual(u.start);
      });
      expect(s.doc.text).not.toContain("##");
    }
    expect(sections![1]!.doc.text).toBe("We train on SQuAD and HotpotQA. Both are public.");
    // Every unit outside a heading is in exactly one section.
    const covered = sections!.flatMap((s) => s.unitIndexes);
    const headingUnits = units.filter((u) => doc.blocks[u.block]!.kind === "heading").length;
    expect(new Set(covered).size).toBe(covered.length);
    expect(covered.length).toBe(units.length - headingUnits);
  });

  it("leaves out a document without two headings, with page chrome, or named by the query", () => {
    expect(split(textToCanonical("## Only\n\nOne section here.")).sections).toBeUndefined();
    const page = htmlToCanonical(
      "<nav><a href='/'>Home</a> <a href='/b'>Blog</a></nav><main><h2>Datasets</h2><p>We train on SQuAD.</p><h2>Results</h2><p>Better than BM25.</p></main>",
    );
    expect(split(page).sections).toBeUndefined();
    expect(split(textToCanonical(PAPER), "compressing pages", "Compressing pages").sections).toBeUndefined();
  });

  it("skips an empty section (a heading right after a heading)", () => {
    const doc = textToCanonical("## Methods\n\n## Training\n\nWe train for one epoch on two cores.\n\n## Results\n\nIt works.");
    const { sections } = split(doc);
    expect(sections!.map((s) => s.title)).toEqual(["Training", "Results"]);
  });
});

describe("namesDocument", () => {
  it("is true when at least half of the query's words are in the title", () => {
    expect(namesDocument("compressing retrieved pages", "Compressing pages")).toBe(true);
    expect(namesDocument("which datasets are used", "Compressing pages")).toBe(false);
    expect(namesDocument("anything", undefined)).toBe(false);
  });
});

describe("splitSections without headings", () => {
  const para = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ") + ".";
  it("cuts a long section-less document into runs of paragraphs of at least MIN_GROUP_WORDS words, untitled", () => {
    // 40 + 30 words (one run), 70 (one), 100 (one), 70 + 10 (the rest): 320 words.
    const text = [para(40, "a"), para(30, "b"), para(70, "c"), para(100, "d"), para(70, "e"), para(10, "f")].join("\n\n");
    const doc = textToCanonical(text);
    const { sections } = split(doc);
    expect(sections!.map((s) => s.doc.blocks.length)).toEqual([2, 1, 1, 1, 1]);
    expect(sections!.every((s) => s.title === undefined)).toBe(true);
    for (const s of sections!) expect(doc.text.slice(s.offset, s.offset + s.doc.text.length)).toBe(s.doc.text);
  });

  it("scores a short one whole", () => {
    expect(split(textToCanonical([para(100, "a"), para(100, "b")].join("\n\n"))).sections).toBeUndefined();
  });
});

describe("splitSections on a document of entries (entryTitles)", () => {
  const filler = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
  const entry = (name: string, n: number) => `${name} is a river of the north. It is ${filler(n, "w")}.`;
  // Four entries (one with a second paragraph that names nothing) and a short preamble: 330 words.
  const ENTRIES = [
    `${filler(10, "p")}.`,
    entry("Kosasthalaiyar River", 60),
    entry("The Mthatha River", 60),
    `It flows east. ${filler(30, "x")}.`,
    entry("Ramganga", 70),
    entry("Withlacoochee River (Georgia)", 70),
  ].join("\n\n");

  it("titles each entry by the name it opens with; a paragraph naming nothing stays with its entry", () => {
    const doc = textToCanonical(ENTRIES);
    const { sections } = split(doc, "Where does the river rise?", undefined, true);
    expect(sections!.map((s) => s.title)).toEqual([undefined, "Kosasthalaiyar River", "The Mthatha River", "Ramganga", "Withlacoochee River"]);
    expect(sections!.map((s) => s.doc.blocks.length)).toEqual([1, 1, 2, 1, 1]);
    for (const s of sections!) expect(doc.text.slice(s.offset, s.offset + s.doc.text.length)).toBe(s.doc.text);
  });

  it("is off unless asked for, and for a document whose paragraphs mostly open otherwise", () => {
    expect(split(textToCanonical(ENTRIES), "Where does the river rise?").sections!.every((s) => s.title === undefined)).toBe(true);
    const prose = [entry("Kenya", 60), `The country ${filler(90, "a")}.`, `In 1990 ${filler(90, "b")}.`, `Its people ${filler(90, "c")}.`];
    const { sections } = split(textToCanonical(prose.join("\n\n")), "Where does the river rise?", undefined, true);
    expect(sections).toHaveLength(4);
    expect(sections!.every((s) => s.title === undefined)).toBe(true);
  });
});

describe("countSimilarityParts", () => {
  const filler = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
  const one = (text: string, query = "Which datasets are used?") => {
    const doc = textToCanonical(text);
    return countSimilarityParts(query, [{ doc, units: segmentSentences(doc) }]);
  };
  it("counts a single document's titled sections (headings, or entries opening with their names) when the query names one", () => {
    expect(one(PAPER)).toBe(2);
    expect(one(PAPER, "Does the model beat BM25?")).toBe(1);
    const entries = ["Ramganga", "Kosasthalaiyar River", "Withlacoochee River"].map(
      (n) => `${n} is a river of the north. It is ${filler(110, "w")}.`,
    );
    expect(one(entries.join("\n\n"), "Where does the Ramganga rise?")).toBe(3);
    expect(one(entries.join("\n\n"), "Where does the river rise?")).toBe(1);
  });
  it("is 1 for a document of untitled parts, one named by the query, or a short one; a set's results otherwise", () => {
    expect(one([`The country ${filler(150, "a")}.`, `In 1990 ${filler(150, "b")}.`, `Its people ${filler(150, "c")}.`].join("\n\n"))).toBe(1);
    expect(one("Short text. Two sentences.")).toBe(1);
    const doc = textToCanonical(PAPER);
    expect(countSimilarityParts("compressing pages", [{ doc, units: segmentSentences(doc), title: "Compressing pages" }])).toBe(1);
    expect(
      countSimilarityParts("q", [
        { doc, units: [] },
        { doc, units: [] },
        { doc, units: [] },
      ]),
    ).toBe(3);
  });
  it("counts the same from sections already split with entry titles (the live scorer's, not split twice)", () => {
    const entries = ["Ramganga", "Kosasthalaiyar River", "Withlacoochee River"]
      .map((n) => `${n} is a river of the north. It is ${filler(110, "w")}.`)
      .join("\n\n");
    for (const [text, query] of [
      [PAPER, "Which datasets are used?"],
      [PAPER, "Does the model beat BM25?"],
      [entries, "Where does the Ramganga rise?"],
      [entries, "Where does the river rise?"],
      ["Short text. Two sentences.", "Which datasets are used?"],
    ] as const) {
      const doc = textToCanonical(text);
      const units = segmentSentences(doc);
      const sections = splitSections({ query, doc, units, entryTitles: true });
      expect(countSectionParts(query, sections)).toBe(countSimilarityParts(query, [{ doc, units }]));
    }
    expect(countSectionParts("q", undefined)).toBe(1);
  });
});
