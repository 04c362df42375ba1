import { describe, expect, it } from "vitest";
import { docFromCanonicalText } from "./doc-from-canonical-text";
import { findBlockProblems } from "./find-block-problems";
import { htmlToCanonical } from "./html-to-canonical";
import { textToCanonical } from "./text-to-canonical";
import type { Block } from "./types";

const HTML = `<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav><header><h1>Timeouts</h1></header>
<main><h2>fetch</h2><p>fetch() has no timeout option of its own; see <a href="/abort">AbortSignal</a>.</p>
<p>😀 Use AbortSignal.timeout(5000).</p></main><footer>© 2026 Example</footer>`;

describe("findBlockProblems", () => {
  it("accepts every structure the product makes: HTML, text and re-derived blocks", () => {
    for (const doc of [htmlToCanonical(HTML), textToCanonical("# Title\n\nA paragraph.\n\n- item"), docFromCanonicalText("a\n\n  b \nc")]) {
      expect(findBlockProblems(doc.blocks, doc.text)).toEqual([]);
    }
    expect(findBlockProblems([], "")).toEqual([]);
    expect(findBlockProblems([], " \n ")).toEqual([]);
  });

  const text = "Title\nFirst para. Second.\nFooter";
  const ok: Block[] = [
    { start: 0, end: 5, kind: "heading", role: "main", level: 1 },
    { start: 6, end: 25, kind: "paragraph", role: "main", breaks: [18] },
    { start: 26, end: 32, kind: "paragraph", role: "footer", linkDensity: 1 },
  ];
  const change = (i: number, patch: Partial<Block>) => ok.map((b, j) => (j === i ? { ...b, ...patch } : b));

  it("refuses blocks outside the text, empty, unsorted or overlapping", () => {
    expect(findBlockProblems(ok, text)).toEqual([]);
    expect(findBlockProblems(change(2, { end: 40 }), text)[0]).toMatch(/^blocks\[2\]: .*within the text/);
    expect(findBlockProblems(change(1, { end: 6 }), text)[0]).toMatch(/^blocks\[1\]: .*non-empty/);
    expect(findBlockProblems(change(1, { start: 3 }), text)[0]).toMatch(/blocks\[1\]: .*sorted and disjoint/);
    expect(findBlockProblems([ok[1]!, ok[0]!, ok[2]!], text)).toContainEqual(expect.stringMatching(/^blocks\[1\]: .*sorted and disjoint/));
  });

  it("refuses visible text that no block covers (blocks tile the text)", () => {
    expect(findBlockProblems(ok.slice(0, 2), text)).toEqual([`blocks: text at 26 ("Footer") lies in no block`]);
    expect(findBlockProblems(change(1, { start: 12 }), text)[0]).toMatch(/^blocks\[1\]: text at 6 \("First "\) lies in no block/);
    expect(findBlockProblems([], "x")).toHaveLength(1);
  });

  it("refuses a break outside its block, a level off a heading, an edge inside a surrogate pair", () => {
    expect(findBlockProblems(change(1, { breaks: [30] }), text)[0]).toMatch(/break 30/);
    expect(findBlockProblems(change(1, { breaks: [18, 10] }), text)[0]).toMatch(/break 10/);
    expect(findBlockProblems(change(1, { level: 2 }), text)[0]).toMatch(/level 2 on a paragraph/);
    expect(findBlockProblems(change(0, { level: 7 }), text)[0]).toMatch(/level 7/);
    expect(findBlockProblems([{ start: 0, end: 1, kind: "paragraph", role: "main" }], "😀")[0]).toMatch(/splits a surrogate pair/);
    expect(findBlockProblems([{ start: 1, end: 2, kind: "paragraph", role: "main" }], "😀")[0]).toMatch(/lies in no block|surrogate/);
  });
});
