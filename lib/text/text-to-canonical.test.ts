import { describe, expect, it } from "vitest";
import { textToCanonical } from "./text-to-canonical";

function view(text: string): Array<[string, number | undefined, string]> {
  const doc = textToCanonical(text);
  return doc.blocks.map((b) => [b.kind, b.level, doc.text.slice(b.start, b.end)]);
}

describe("textToCanonical", () => {
  it("returns an empty doc for empty input", () => {
    expect(textToCanonical("")).toEqual({ text: "", blocks: [] });
    expect(textToCanonical("\r\n \n\t\n")).toEqual({ text: "", blocks: [] });
  });

  it("splits paragraphs on blank lines and joins wrapped lines", () => {
    const doc = textToCanonical("First line\r\nwrapped  here.\r\n\r\n  \r\nSecond\tparagraph.\n");
    expect(doc.text).toBe("First line wrapped here.\nSecond paragraph.");
    expect(doc.blocks).toEqual([
      { start: 0, end: 24, kind: "paragraph", role: "main" },
      { start: 25, end: 42, kind: "paragraph", role: "main" },
    ]);
  });

  it("reads text written one paragraph per line (no blank lines): long lines that end a sentence, headings above them", () => {
    const p1 = "We study the compression of retrieved pages for question answering with small encoders that were trained on two CPU cores.";
    const p2 = "The student keeps the answer more often than BM25 does at a budget of two hundred tokens, on every long-document set we built.";
    const p3 = "It is also faster than its teacher, and its probabilities are calibrated on the validation pages of every kind we have here.";
    expect(view([p1, "Results", p2, p3].join("\n"))).toEqual([
      ["paragraph", undefined, p1],
      ["heading", 2, "Results"],
      ["paragraph", undefined, p2],
      ["paragraph", undefined, p3],
    ]);
    // A line that stops mid-sentence still runs on, and so does a paragraph hard-wrapped at any usual width.
    const cut = "The student keeps the answer more often than BM25 does at a budget of two hundred tokens on every long-document set and";
    expect(view(`${cut}\nalso on real pages.`)).toEqual([["paragraph", undefined, `${cut} also on real pages.`]]);
    const wrapped = ["We study the compression of retrieved pages for question answering.", "Small encoders are trained on two CPU cores.", p1];
    expect(view(wrapped.join("\n"))).toEqual([["paragraph", undefined, wrapped.join(" ")]]);
  });

  it("recognises headings, list items, quotes and fenced code", () => {
    expect(
      view("# Title #\nIntro:\n- one\n* two\n  continued\n• three\n1. first\n2) second\n\n> q1\n> q2\n\n```\na  =  1\n\nb\n```\n#hashtag text"),
    ).toEqual([
      ["heading", 1, "Title"],
      ["paragraph", undefined, "Intro:"],
      ["list-item", undefined, "one"],
      ["list-item", undefined, "two continued"],
      ["list-item", undefined, "three"],
      ["list-item", undefined, "1. first"],
      ["list-item", undefined, "2) second"],
      ["quote", undefined, "q1 q2"],
      ["code", undefined, "a = 1"],
      ["code", undefined, "b"],
      ["paragraph", undefined, "#hashtag text"],
    ]);
  });

  it("handles setext headings and drops horizontal rules", () => {
    expect(view("Big\n===\nSmall\n---\n\n* * *\n\ntext")).toEqual([
      ["heading", 1, "Big"],
      ["heading", 2, "Small"],
      ["paragraph", undefined, "text"],
    ]);
  });

  it("takes a short line standing alone before a paragraph as a heading, and nothing else", () => {
    const body = "The model is trained on questions about Wikipedia articles and evaluated on held-out papers.";
    const kinds = (text: string) => textToCanonical(text).blocks.map((b) => b.kind);
    // A plain-text paper: unmarked section names between blank lines (the title line, followed by another short
    // line, stays a paragraph). The text itself is unchanged.
    const paper = `Compressing Context\n\nIntroduction\n\n${body}\n\nExperimental Setup (Table 2)\n\n${body}\n\n相关工作\n\n${body}`;
    expect(kinds(paper)).toEqual(["paragraph", "heading", "paragraph", "heading", "paragraph", "heading", "paragraph"]);
    expect(textToCanonical(paper).text.split("\n")[1]).toBe("Introduction");
    // Not headings: a sentence or greeting, a lowercase or wrapped line, short lines before short lines or a list, a URL,
    // the last line, a line with no blank line after it.
    for (const text of [
      `Thanks for reading.\n\n${body}`,
      `Hi John,\n\n${body}`,
      `see below\n\n${body}`,
      `Introduction to the\nsecond part\n\n${body}`,
      `Flour\n\nSugar\n\nEggs`,
      `Ingredients\n\n- flour\n- sugar`,
      `https://example.org/page\n\n${body}`,
      `${body}\n\nThe End`,
      `Introduction\n${body}`,
    ]) {
      expect(kinds(text), text).not.toContain("heading");
    }
  });

  it("keeps CJK and emoji intact", () => {
    const doc = textToCanonical("你好。\n世界！🎉\n\n- 😀 smile");
    expect(doc.blocks.map((b) => doc.text.slice(b.start, b.end))).toEqual(["你好。 世界！🎉", "😀 smile"]);
  });
});
