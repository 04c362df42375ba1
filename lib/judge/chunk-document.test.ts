import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { chunkDocument } from "./chunk-document";
import { createQuoteMatcher } from "./match-quote";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("chunkDocument", () => {
  it("keeps a short document in one chunk of all its blocks", () => {
    const doc = textToCanonical("Titolo\n\nPrimo paragrafo.\n\nSecondo paragrafo.");
    const chunks = chunkDocument({ text: doc.text, blocks: doc.blocks, maxChars: 1000 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ start: 0, end: doc.text.length });
    expect(chunks[0]!.blocks).toHaveLength(doc.blocks.length);
  });

  it("packs whole blocks under the limit and offsets matches by the chunk start", () => {
    const paras = Array.from({ length: 12 }, (_, i) => `Абзац ${i}: Київ — столиця України, рядок номер ${i}.`);
    const doc = textToCanonical(paras.join("\n\n"));
    const maxChars = 120;
    const chunks = chunkDocument({ text: doc.text, blocks: doc.blocks, maxChars });
    expect(chunks.length).toBeGreaterThan(3);
    let covered = 0;
    for (const c of chunks) {
      expect(c.end - c.start).toBeLessThanOrEqual(maxChars);
      for (const b of c.blocks) expect(doc.blocks.some((d) => d.start === b.start && d.end === b.end)).toBe(true);
      covered += c.blocks.length;
    }
    expect(covered).toBe(doc.blocks.length);

    // A quote found in the chunk text maps back to the full document.
    const target = paras[7]!;
    const chunk = chunks.find((c) => doc.text.slice(c.start, c.end).includes(target))!;
    const m = createQuoteMatcher(doc.text.slice(chunk.start, chunk.end))(target.toLowerCase());
    expect(m.matched).toBe(true);
    if (m.matched) expect(doc.text.slice(chunk.start + m.start, chunk.start + m.end)).toBe(target);
  });

  it("splits a block longer than the limit at sentence ends, never inside a surrogate pair", () => {
    const sentence = "这是一个很长的句子🙂。";
    const text = sentence.repeat(30);
    const chunks = chunkDocument({ text, blocks: [{ start: 0, end: text.length }], maxChars: 50 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.end - c.start).toBeLessThanOrEqual(50);
      const piece = text.slice(c.start, c.end);
      expect(piece).not.toMatch(LONE_SURROGATE);
      expect(piece.endsWith("。")).toBe(true); // cut after a CJK full stop
    }
    expect(chunks.map((c) => text.slice(c.start, c.end)).join("")).toBe(text);

    const emoji = "🙂".repeat(40); // no boundaries at all: hard cuts, still on code point edges
    for (const c of chunkDocument({ text: emoji, maxChars: 7 })) {
      expect(c.end - c.start).toBeLessThanOrEqual(7);
      expect(c.start % 2).toBe(0);
      expect(c.end % 2).toBe(0);
    }
  });

  it("falls back to non-blank lines without blocks and returns nothing for empty text", () => {
    const text = "  uno  \n\n due\n";
    expect(chunkDocument({ text, maxChars: 100 })).toEqual([
      {
        start: 2,
        end: 13,
        blocks: [
          { start: 2, end: 5 },
          { start: 10, end: 13 },
        ],
      },
    ]);
    expect(chunkDocument({ text: "", maxChars: 100 })).toEqual([]);
    expect(() => chunkDocument({ text, maxChars: 0 })).toThrow(RangeError);
  });
});
