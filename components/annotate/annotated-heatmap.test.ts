import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import { segmentSentences } from "@/lib/text/segment-sentences";
import { buildHeatmapView } from "@/components/heatmap/build-heatmap-view";
import { planRenderPasses } from "@/components/heatmap/plan-render-passes";
import { AnnotatedHeatmap } from "./annotated-heatmap";
import { FIRST_PASS_TOKENS } from "./heatmap-body";
import type { Mark } from "./types";

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

const SHORT_PAGE = "Golden Gate\n\nThe bridge opened on May 28, 1937. It is <orange> & long.\n\n- Length: 2.7 km";

function render(marks: Mark[], page = SHORT_PAGE) {
  const doc = textToCanonical(page);
  if (page === SHORT_PAGE) doc.blocks[2] = { ...doc.blocks[2]!, role: "footer" };
  const units = segmentSentences(doc).map((u) => ({ ...u, score: 0.5, tokens: 3 }));
  const tokenScores = tokensOf(doc.text);
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
  return { html, doc, units, tokens: tokenScores.probs.length };
}

/** Word and punctuation tokens with heat 0, 0.1, …, 0.9, 0, … */
function tokensOf(text: string) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(/\w+|[^\w\s]/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends), probs: Float32Array.from(starts.map((_, i) => (i % 10) / 10)) };
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

  it("draws a long page's first blocks in the first commit (with token heat), and a mark across its edge exactly on them", () => {
    // 400 paragraphs of 10 word tokens + "." (about 4,400 tokens): the first commit ends near FIRST_PASS_TOKENS.
    const paragraphs = Array.from({ length: 400 }, (_, p) => `Paragraph ${p} has words about the harbour bridge and its cables.`);
    const page = paragraphs.join("\n\n");
    const { doc: plain, units } = render([], page);
    const view = buildHeatmapView({ text: plain.text, blocks: plain.blocks, units, tokens: tokensOf(plain.text) });
    const { first } = planRenderPasses({ view, tokenHeat: true, firstTokens: FIRST_PASS_TOKENS, passTokens: 6_000 });
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(plain.blocks.length);
    // A mark from the middle of the last drawn block to the middle of the next one.
    const last = plain.blocks[first - 1]!;
    const next = plain.blocks[first]!;
    const start = last.start + 10;
    const end = next.start + 10;
    const { html, doc, tokens } = render([{ key: "gold:g1", layer: "gold", id: "g1", category: "vital", start, end }], page);
    const dom = parseDocument(html);
    const drawn = DomUtils.findAll((e) => e.attribs["data-block"] !== undefined, dom.children).map((e) => Number(e.attribs["data-block"]));
    expect(drawn).toEqual(Array.from({ length: first }, (_, i) => i));
    // The drawn text is exactly the first blocks', every piece at its canonical offset, each token with its heat span.
    const pieces = [...html.matchAll(/<span data-o="(\d+)"[^>]*>([^<]*)<\/span>/g)].map((m) => ({ o: Number(m[1]), text: unescape(m[2]!) }));
    for (const p of pieces) expect(doc.text.slice(p.o, p.o + p.text.length)).toBe(p.text);
    expect(pieces.map((p) => p.text).join("")).toBe(
      doc.blocks
        .slice(0, first)
        .map((b) => doc.text.slice(b.start, b.end))
        .join(""),
    );
    const drawnTokens = (html.match(/data-t="/g) ?? []).length;
    expect(drawnTokens).toBeGreaterThanOrEqual(FIRST_PASS_TOKENS);
    expect(drawnTokens).toBeLessThan(tokens);
    // The gold mark covers its part inside the drawn blocks, to the last drawn character.
    const gold = DomUtils.findAll((e) => e.attribs["data-testid"] === "gold-mark", dom.children);
    expect(gold.map((e) => DomUtils.textContent(e)).join("")).toBe(doc.text.slice(start, last.end));
  });
});
