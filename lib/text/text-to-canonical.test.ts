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

  it("keeps CJK and emoji intact", () => {
    const doc = textToCanonical("你好。\n世界！🎉\n\n- 😀 smile");
    expect(doc.blocks.map((b) => doc.text.slice(b.start, b.end))).toEqual(["你好。 世界！🎉", "😀 smile"]);
  });
});
