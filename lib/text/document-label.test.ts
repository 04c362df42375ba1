import { describe, expect, it } from "vitest";
import { documentLabel } from "./document-label";
import { htmlToCanonical } from "./html-to-canonical";
import { textToCanonical } from "./text-to-canonical";

describe("documentLabel", () => {
  it("uses the title when there is one", () => {
    expect(documentLabel({ title: "  The   Title ", text: "Body." })).toBe("The Title");
  });

  it("pasted HTML without a <title>: its first heading, a main-content one before a navigation one", () => {
    const doc = htmlToCanonical(
      "<nav><h2>Menu</h2><a href='/'>Home</a></nav><main><h1>Harbor Ferry</h1><p>The ferry leaves every 30 minutes.</p></main>",
    );
    expect(doc.title).toBeUndefined();
    expect(documentLabel({ title: null, text: doc.text, blocks: doc.blocks })).toBe("Harbor Ferry");
  });

  it("without a heading: the first words of the main content, cut at a word edge", () => {
    const doc = htmlToCanonical(`<p>${"The harbor ferry leaves every thirty minutes from pier four, ".repeat(3)}</p>`);
    const label = documentLabel({ text: doc.text, blocks: doc.blocks });
    expect(label.startsWith("The harbor ferry leaves every thirty minutes")).toBe(true);
    expect(label.endsWith("…")).toBe(true);
    expect(label.length).toBeLessThanOrEqual(80);
    expect(label).not.toMatch(/\s…$/);
  });

  it("text without spaces (Chinese) is cut at the limit; text without blocks still gets a label", () => {
    const zh = "金门大桥于一九三七年五月二十八日向车辆开放通行。".repeat(10);
    const doc = textToCanonical(zh);
    const label = documentLabel({ text: doc.text, blocks: doc.blocks }, 20);
    expect(label).toBe(`${zh.slice(0, 19)}…`);
    expect(documentLabel({ text: "Short text." })).toBe("Short text.");
  });

  it("a document without visible text is Untitled", () => {
    expect(documentLabel({ title: " ", text: "" })).toBe("Untitled");
  });
});
