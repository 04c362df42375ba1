import { describe, expect, it } from "vitest";
import { bertVocabFromNpm } from "../tokenizer/test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "../tokenizer/wordpiece";
import { snapToTokens } from "./snap-to-tokens";
import { snapToWords } from "./snap-to-words";

const tok = new WordPieceTokenizer(bertVocabFromNpm());

function snap(text: string, start: number, end: number, exact = false) {
  const e = tok.encode(text);
  return snapToTokens({ text, start, end, starts: e.starts, ends: e.ends, exact });
}

describe("snapToTokens", () => {
  const text = "The tokenization works well.";
  it("expands a partial selection to whole tokens", () => {
    // "tokenization" is token|##ization; selecting "keniz" covers both pieces.
    const i = text.indexOf("keniz");
    expect(snap(text, i, i + 5)).toEqual({ start: 4, end: 16, text: "tokenization" });
  });
  it("stops at subword edges instead of whole words", () => {
    const e = tok.encode(text);
    const pieces = e.ids.map((_, k) => text.slice(e.starts[k], e.ends[k]));
    expect(pieces.slice(1, 3)).toEqual(["token", "ization"]);
    // "iza" lies in the ##ization piece only.
    expect(snap(text, 10, 12)).toEqual({ start: 9, end: 16, text: "ization" });
  });
  it("trims surrounding whitespace and accepts a backwards selection", () => {
    expect(snap(text, 22, 16)).toEqual({ start: 17, end: 22, text: "works" });
  });
  it("covers punctuation tokens touched by the selection", () => {
    expect(snap(text, 25, 28)?.text).toBe("well.");
  });
  it("returns null for a whitespace-only selection", () => {
    expect(snap("a   b", 1, 4)).toBeNull();
    expect(snap("a   b", 2, 2)).toBeNull();
  });
  it("never cuts an emoji in half, in snapped and exact mode", () => {
    const t = "I 🩷 it";
    // Selection starting between the surrogates.
    expect(snap(t, 3, 4)).toEqual({ start: 2, end: 4, text: "🩷" });
    expect(snap(t, 3, 4, true)).toEqual({ start: 2, end: 4, text: "🩷" });
    expect(snap(t, 2, 3, true)).toEqual({ start: 2, end: 4, text: "🩷" });
  });
  it("keeps exact characters with the modifier, whitespace included", () => {
    expect(snap(text, 6, 19, true)).toEqual({ start: 6, end: 19, text: "kenization wo" });
  });
  it("clamps out-of-range selections", () => {
    expect(snap("abc def", -5, 99)).toEqual({ start: 0, end: 7, text: "abc def" });
  });
  it("works with typed arrays and keeps untokenized characters", () => {
    const t = "a\u0001b";
    // The control char is not a token; a selection of it alone survives as typed.
    const r = snapToTokens({ text: t, start: 1, end: 2, starts: Int32Array.from([0, 2]), ends: Int32Array.from([1, 3]) });
    expect(r).toEqual({ start: 1, end: 2, text: "\u0001" });
  });
});

describe("snapToWords", () => {
  it("expands to word boundaries and trims", () => {
    const t = "Hello wonderful world!";
    expect(snapToWords({ text: t, start: 8, end: 13 })).toEqual({ start: 6, end: 15, text: "wonderful" });
    expect(snapToWords({ text: t, start: 4, end: 7 })).toEqual({ start: 0, end: 15, text: "Hello wonderful" });
    expect(snapToWords({ text: t, start: 20, end: 22 })).toEqual({ start: 16, end: 22, text: "world!" });
  });
  it("keeps contractions whole and respects exact mode", () => {
    const t = "We don't stop";
    expect(snapToWords({ text: t, start: 5, end: 6 })?.text).toBe("don't");
    expect(snapToWords({ text: t, start: 4, end: 5, exact: true })?.text).toBe("o");
  });
  it("handles emoji and whitespace-only selections", () => {
    expect(snapToWords({ text: "x 🩷 y", start: 3, end: 4 })).toEqual({ start: 2, end: 4, text: "🩷" });
    expect(snapToWords({ text: "x    y", start: 2, end: 4 })).toBeNull();
  });
});
