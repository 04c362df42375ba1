import { describe, expect, it } from "vitest";
import { snapSpansToWords } from "./snap-spans-to-words";
import { isPunctuationOnly, isWordBoundary, isWordFragment, snapSpanToWords, wordAround } from "./word-edges";

const text = "Call fetch(url, { signal }) and catch the DOMException when AbortController fires?";
const at = (s: string) => text.indexOf(s);

describe("word edges", () => {
  it("knows which offsets cut a word", () => {
    expect(isWordBoundary({ text, offset: 0 })).toBe(true);
    expect(isWordBoundary({ text, offset: text.length })).toBe(true);
    expect(isWordBoundary({ text, offset: at("fetch") })).toBe(true);
    expect(isWordBoundary({ text, offset: at("fetch") + 3 })).toBe(false);
    expect(isWordBoundary({ text, offset: at("(url") })).toBe(true);
    expect(isWordBoundary({ text, offset: at("url") + 2 })).toBe(false);
    expect(wordAround({ text, offset: at("ception") })).toEqual({ start: at("DOMException"), end: at("DOMException") + 12 });
  });

  it("names fragments and punctuation-only text", () => {
    const frag = (s: string, from = at(s)) => isWordFragment({ text, start: from, end: from + s.length });
    expect(frag("ch", at("fetch") + 3)).toBe(true);
    expect(frag("ception")).toBe(true);
    expect(frag("Abor")).toBe(true);
    expect(frag("fetch(url")).toBe(false);
    expect(frag("(")).toBe(false);
    expect(isPunctuationOnly("(")).toBe(true);
    expect(isPunctuationOnly(") ?")).toBe(true);
    expect(isPunctuationOnly("url")).toBe(false);
    expect(isPunctuationOnly("1937")).toBe(false);
  });

  it("widens only the edges that fall inside a word", () => {
    const s = at("ch(url");
    expect(snapSpanToWords({ text, start: s, end: s + 5 })).toEqual({ start: at("fetch"), end: at("url") + 3, text: "fetch(url" });
    expect(snapSpanToWords({ text, start: at("Abor"), end: at("Abor") + 4 }).text).toBe("AbortController");
    expect(snapSpanToWords({ text, start: at("the DOM"), end: at("the DOM") + 3 }).text).toBe("the");
    expect(snapSpanToWords({ text, start: at("?"), end: at("?") + 1 }).text).toBe("?");
  });

  it("keeps emoji and CJK words whole", () => {
    const cjk = "東京は日本の首都です。";
    const snapped = snapSpanToWords({ text: cjk, start: 1, end: 2 });
    expect(cjk.slice(snapped.start, snapped.end)).toContain("京");
    expect(snapped.end - snapped.start).toBeLessThan(cjk.length);
  });
});

describe("snapSpansToWords", () => {
  const texts = new Map([["d1", text]]);
  it("widens machine spans, leaves exact ones, and merges spans that became the same", () => {
    const frag = { documentId: "d1", start: at("fetch") + 3, end: at("fetch") + 5, text: "ch", category: "vital" };
    const whole = { documentId: "d1", start: at("fetch"), end: at("fetch") + 5, text: "fetch", category: "vital" };
    const exact = { ...frag, category: "ads", exact: true };
    const { spans, snapped } = snapSpansToWords({ spans: [frag, whole, exact], texts });
    expect(snapped).toBe(1);
    expect(spans).toEqual([whole, exact]);
  });
});
