import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import { segmentSentences } from "@/lib/text/segment-sentences";
import { AnnotatedHeatmap } from "./annotated-heatmap";
import type { Mark } from "./types";

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

function render(marks: Mark[]) {
  const doc = textToCanonical("Golden Gate\n\nThe bridge opened on May 28, 1937. It is <orange> & long.\n\n- Length: 2.7 km");
  doc.blocks[2] = { ...doc.blocks[2]!, role: "footer" };
  const units = segmentSentences(doc).map((u) => ({ ...u, score: 0.5, tokens: 3 }));
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of doc.text.matchAll(/\w+|[^\w\s]/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const tokenScores = { starts: Int32Array.from(starts), ends: Int32Array.from(ends), probs: Float32Array.from(starts.map((_, i) => (i % 10) / 10)) };
  const html = renderToStaticMarkup(
    createElement(AnnotatedHeatmap, {
      documentId: "d1",
      text: doc.text,
      blocks: doc.blocks,
      units,
      tokenScores,
      unitScores: units.map(() => 0.5),
      kept: new Uint8Array(units.length),
      aggregation: "mean",
      marks,
      onActivate: () => {},
      onDeleteMine: () => {},
    }),
  );
  return { html, doc, tokens: starts.length };
}

describe("AnnotatedHeatmap markup", () => {
  it("renders every character once inside data-o elements that name their canonical offset; labels are not text", () => {
    const { html, doc, tokens } = render([]);
    const pieces = [...html.matchAll(/<span data-o="(\d+)"[^>]*>([^<]*)<\/span>/g)].map((m) => ({ o: Number(m[1]), text: unescape(m[2]!) }));
    for (const p of pieces) expect(doc.text.slice(p.o, p.o + p.text.length)).toBe(p.text);
    const blocksText = doc.blocks.map((b) => doc.text.slice(b.start, b.end)).join("");
    expect(pieces.map((p) => p.text).join("")).toBe(blocksText);
    // Only piece elements hold text: strip all tags and the rest is exactly the block texts.
    const docText = /<div data-testid="doc-text"[^>]*>([\s\S]*)<\/div><\/div>$/.exec(html)?.[1] ?? "";
    expect(unescape(docText.replace(/<[^>]+>/g, ""))).toBe(blocksText);
    expect((html.match(/data-t="/g) ?? []).length).toBe(tokens);
    expect(html).toContain('data-testid="role-region"');
    expect(html).toContain('data-label="footer"');
    expect(html).toContain('data-document-id="d1"');
  });

  it("draws a mine span as span-mark elements with its category, wrapping exactly the span's text", () => {
    const { doc } = render([]);
    const sentence = "The bridge opened on May 28, 1937.";
    const start = doc.text.indexOf(sentence);
    const marks: Mark[] = [
      { key: "mine:s1", layer: "mine", id: "s1", category: "vital", start, end: start + sentence.length },
      { key: "judge:j1", layer: "judge", id: "j1", category: "ads", start: start + 4, end: start + 10 },
    ];
    const { html } = render(marks);
    const dom = parseDocument(html);
    const spanMarks = DomUtils.findAll((e) => e.attribs["data-testid"] === "span-mark", dom.children);
    expect(spanMarks.length).toBeGreaterThanOrEqual(1);
    expect(spanMarks.every((e) => e.attribs["data-category"] === "vital" && e.attribs["data-span-id"] === "s1")).toBe(true);
    // innerText of the marks, joined, is the span's text (the judge mark nests inside, not beside).
    expect(spanMarks.map((e) => DomUtils.textContent(e)).join("")).toBe(sentence);
    const judge = DomUtils.findAll((e) => e.attribs["data-testid"] === "suggestion-mark", dom.children);
    expect(judge.map((e) => DomUtils.textContent(e)).join("")).toBe(sentence.slice(4, 10));
    expect(html).toContain('data-testid="suggestion-mark" data-mark-key="judge:j1" data-layer="judge" data-category="ads" data-suggestion-id="j1"');
  });
});
