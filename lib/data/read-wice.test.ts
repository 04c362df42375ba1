import path from "node:path";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { readWice, wicePageTitle } from "./read-wice";

const fixtures = path.join(import.meta.dirname, "fixtures");

describe("readWice", () => {
  it("reads each claim over its page as one result of lines, evidence the union of supporting sentences", async () => {
    const ex = await readWice(path.join(fixtures, "wice-tiny.jsonl"), { prefix: "wice" });
    // The not_supported claim with no supporting sentence is skipped.
    expect(ex.map((e) => e.id)).toEqual(["wice:dev001", "wice:dev002"]);
    const doc = textToCanonical(ex[0]!.results[0]!.text!);
    // One block per line of the page, menus included; "# About Us" is a heading.
    expect(doc.blocks.map((b) => doc.text.slice(b.start, b.end))).toContain("Skip to content");
    expect(doc.blocks.find((b) => doc.text.slice(b.start, b.end) === "About Us")?.kind).toBe("heading");
    expect(ex[0]!.evidence.map((e) => doc.text.slice(e.start, e.end))).toEqual([
      "Example News was founded in 1998 by Jane Roe.",
      "Jane Roe is its publisher and editor.",
    ]);
    expect(ex[0]!.results[0]!.title).toBe("About Us – Example News");
    expect(ex[0]!.group).toBe("wice:Jane Roe");
    // A "(meta data)" line the annotators marked is evidence as any other line.
    const doc2 = textToCanonical(ex[1]!.results[0]!.text!);
    expect(ex[1]!.evidence.map((e) => doc2.text.slice(e.start, e.end))).toEqual([
      "(meta data) TITLE: About Us – Example News",
      "It covers local sport and politics.",
    ]);
  });

  it("reads the page title from its meta line", () => {
    expect(wicePageTitle(["(meta data) TITLE: A page", "text"])).toBe("A page");
    expect(wicePageTitle(["(meta data) TITLE: ", "text"])).toBeUndefined();
  });
});
