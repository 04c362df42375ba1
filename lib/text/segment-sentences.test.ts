import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "./html-to-canonical";
import { segmentSentences } from "./segment-sentences";
import { textToCanonical } from "./text-to-canonical";
import type { CanonicalDoc, Sentence } from "./types";

function sentences(text: string, opts?: { locale?: string; fragmentSize?: number }): string[] {
  const doc = textToCanonical(text);
  return segmentSentences(doc, opts).map((s) => doc.text.slice(s.start, s.end));
}

/** Every unit lies inside its block and slices to non-empty trimmed text; units are ordered and disjoint. */
function expectWellFormed(doc: CanonicalDoc, units: Sentence[]): void {
  let last = -1;
  for (const s of units) {
    const b = doc.blocks[s.block];
    expect(b).toBeDefined();
    if (!b) continue;
    expect(s.start).toBeGreaterThanOrEqual(b.start);
    expect(s.end).toBeLessThanOrEqual(b.end);
    expect(s.start).toBeGreaterThan(last);
    const t = doc.text.slice(s.start, s.end);
    expect(t.length).toBeGreaterThan(0);
    expect(t).toBe(t.trim());
    last = s.end - 1;
  }
}

describe("segmentSentences", () => {
  it("returns nothing for an empty doc", () => {
    expect(segmentSentences({ text: "", blocks: [] })).toEqual([]);
  });

  it("splits English and keeps abbreviations, acronyms, decimals and initials together", () => {
    expect(
      sentences(
        "Dr. Smith met Mr. Jones in the U.S. Senate. Growth was 3.5% vs. 2.1% last year! " +
          "J. R. R. Tolkien wrote it, e.g. The Hobbit. Apples, pears, etc. are fruit. We bought milk etc. Then we left. " +
          "He took vitamin C. The end?",
      ),
    ).toEqual([
      "Dr. Smith met Mr. Jones in the U.S. Senate.",
      "Growth was 3.5% vs. 2.1% last year!",
      "J. R. R. Tolkien wrote it, e.g. The Hobbit.",
      "Apples, pears, etc. are fruit.",
      "We bought milk etc.",
      "Then we left.",
      "He took vitamin C.",
      "The end?",
    ]);
  });

  it("returns offsets of sentences within their block", () => {
    const doc = textToCanonical("Title line\n\nOne two. Three four.");
    expect(segmentSentences(doc)).toEqual([
      { start: 0, end: 10, block: 0 },
      { start: 11, end: 19, block: 1 },
      { start: 20, end: 31, block: 1 },
    ]);
  });

  it("handles Italian abbreviations", () => {
    expect(
      sentences("Il sig. Rossi e il dott. Bianchi sono arrivati. L'ing. Verdi, ca. Alle dieci, no. Mele, pere ecc. Poi basta.", {
        locale: "it",
      }),
    ).toEqual(["Il sig. Rossi e il dott. Bianchi sono arrivati.", "L'ing. Verdi, ca. Alle dieci, no.", "Mele, pere ecc.", "Poi basta."]);
  });

  it("handles German z. B.", () => {
    expect(sentences("Wir haben z. B. das hier. Und mehr.", { locale: "de" })).toEqual(["Wir haben z. B. das hier.", "Und mehr."]);
  });

  it("handles Ukrainian abbreviations", () => {
    expect(
      sentences("Це було у 1991 р. Україна стала незалежною. Університет ім. Шевченка на вул. Володимирській. Книги, зошити і т.д. Інше речення.", {
        locale: "uk",
      }),
    ).toEqual([
      "Це було у 1991 р. Україна стала незалежною.",
      "Університет ім. Шевченка на вул. Володимирській.",
      "Книги, зошити і т.д.",
      "Інше речення.",
    ]);
  });

  it("splits Chinese on full-width punctuation", () => {
    expect(sentences("你好。我很好！你呢？好的", { locale: "zh" })).toEqual(["你好。", "我很好！", "你呢？", "好的"]);
  });

  it("bounds long blocks and run-on sentences without breaking surrogate pairs", () => {
    const cjk = "汉字😀".repeat(3_000); // 9,000 UTF-16 units, no spaces, no punctuation
    const doc = textToCanonical(cjk);
    const units = segmentSentences(doc, { locale: "zh" });
    expectWellFormed(doc, units);
    expect(units.length).toBeGreaterThanOrEqual(9);
    for (const u of units) {
      expect(u.end - u.start).toBeLessThanOrEqual(1_000);
      const t = doc.text.slice(u.start, u.end);
      expect(t).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    expect(units.map((u) => doc.text.slice(u.start, u.end)).join("")).toBe(cjk);

    const runOn = Array.from({ length: 2_000 }, (_, i) => `item${i}`).join(", ");
    const doc2 = textToCanonical(runOn);
    const units2 = segmentSentences(doc2);
    expectWellFormed(doc2, units2);
    expect(Math.max(...units2.map((u) => u.end - u.start))).toBeLessThanOrEqual(1_000);
    expect(units2.map((u) => doc2.text.slice(u.start, u.end)).join(" ")).toBe(runOn);
  });

  it("segments a large document (chunked)", () => {
    const para = "This is a fairly ordinary sentence about nothing much. Another one follows it here! ";
    const doc = textToCanonical(para.repeat(12_000)); // ~1 MB in one block
    // The test timeout is the hang guard; speed is measured by benchmarks, not asserted here.
    const units = segmentSentences(doc);
    expect(units).toHaveLength(24_000);
    expectWellFormed(doc, units);
  });

  it("merges consecutive sentences of one block into fragments", () => {
    const doc = textToCanonical("A one. A two. A three. A four.\n\nB one. B two.");
    const frag2 = segmentSentences(doc, { fragmentSize: 2 }).map((s) => [s.block, doc.text.slice(s.start, s.end)]);
    expect(frag2).toEqual([
      [0, "A one. A two."],
      [0, "A three. A four."],
      [1, "B one. B two."],
    ]);
    const frag3 = segmentSentences(doc, { fragmentSize: 3 }).map((s) => doc.text.slice(s.start, s.end));
    expect(frag3).toEqual(["A one. A two. A three.", "A four.", "B one. B two."]);
    expect(segmentSentences(doc, { fragmentSize: 99 })).toEqual(segmentSentences(doc, { fragmentSize: 3 }));
    expect(segmentSentences(doc, { fragmentSize: 0 })).toEqual(segmentSentences(doc));
  });

  it("produces well-formed units for a real-ish HTML page", () => {
    const doc = htmlToCanonical(
      "<nav><a>Home</a></nav><h1>Title 🎉</h1><p>Emoji 👍 here. 日本語です。次の文！</p>" +
        "<table><tr><td>a. b</td><td>c</td></tr></table><pre>x = 1\ny = 2</pre>",
    );
    const units = segmentSentences(doc, { locale: "en" });
    expectWellFormed(doc, units);
    expect(units.map((s) => doc.text.slice(s.start, s.end))).toEqual([
      "Home",
      "Title 🎉",
      "Emoji 👍 here.",
      "日本語です。",
      "次の文！",
      "a. b | c",
      "x = 1",
      "y = 2",
    ]);
  });

  it("never lets a unit cross a run-in heading (a bold line, then a line break, then the paragraph)", () => {
    // The dropbox-blog and medium-1 Readability pages: "<b>Task gating</b><br />ATF enables …". The canonical text
    // keeps one block with a space at the <br>; the units split there.
    const doc = htmlToCanonical(
      "<article><h1>How ATF works</h1><p><b>Task gating</b><br />ATF enables the gating of tasks. It runs them.</p>" +
        "<ol><li><strong>The handoff</strong>\n <br/>Problems arise because editors leave… roles behind.</li></ol>" +
        "<p>A line wrapped<br>by hand stays one sentence.</p><p><b>Bold text<br>that wraps</b> in one sentence.</p></article>",
    );
    expect(doc.text).toBe(
      "How ATF works\nTask gating ATF enables the gating of tasks. It runs them.\n" +
        "The handoff Problems arise because editors leave… roles behind.\n" +
        "A line wrapped by hand stays one sentence.\nBold text that wraps in one sentence.",
    );
    const units = segmentSentences(doc);
    expectWellFormed(doc, units);
    expect(units.map((s) => doc.text.slice(s.start, s.end))).toEqual([
      "How ATF works",
      "Task gating",
      "ATF enables the gating of tasks.",
      "It runs them.",
      "The handoff",
      "Problems arise because editors leave… roles behind.",
      "A line wrapped by hand stays one sentence.",
      "Bold text that wraps in one sentence.",
    ]);
    expect(units[1]!.block).toBe(units[2]!.block);
    // Fragments of several sentences stop there too.
    expect(segmentSentences(doc, { fragmentSize: 3 }).map((s) => doc.text.slice(s.start, s.end))[1]).toBe("Task gating");
  });

  it("falls back to English for an invalid locale", () => {
    expect(sentences("One. Two.", { locale: "not a locale!!" })).toEqual(["One.", "Two."]);
  });
});
