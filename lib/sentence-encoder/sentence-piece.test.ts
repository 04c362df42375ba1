import { describe, expect, it } from "vitest";
import { createSentencePieceTokenizer, SP_SEPARATOR as S, type SentencePieceEntry } from "./sentence-piece";
import { encoderReadsQuery, wholeWordShare } from "./reads-text";

// Ids 0–5 are reserved, as in the shipped vocabulary.
const RESERVED: SentencePieceEntry[] = [
  ["\ufffd", 0],
  ["<s>", 0],
  ["</s>", 0],
  ["x1", 0],
  ["x2", 0],
  ["x3", 0],
];
const vocab: SentencePieceEntry[] = [
  ...RESERVED,
  [`${S}the`, -2], // 6
  [`${S}cat`, -3], // 7
  [`${S}c`, -6], // 8
  ["at", -5], // 9
  ["s", -4], // 10
  [S, -5], // 11
  [`${S}cats`, -9], // 12
  ["a", -7], // 13
];
const tok = createSentencePieceTokenizer(vocab);

describe("createSentencePieceTokenizer", () => {
  it("picks the segmentation with the highest total score", () => {
    // ▁cat + s (−7) beats ▁cats (−9) and ▁c + at + s (−15).
    expect(tok.encode("the cats")).toEqual([6, 7, 10]);
  });

  it("marks every word start with the separator, and NFKC-normalises first", () => {
    expect(tok.encode("ｔｈｅ")).toEqual([6]);
    expect(tok.encode("the  the")).toEqual([6, 11, 6]);
  });

  it("gives an unmatched character the unknown id, one id for a run of them", () => {
    expect(tok.encode("the 東京")).toEqual([6, 11, 0]);
    expect(tok.encode("")).toEqual([]);
  });

  it("never matches the reserved ids", () => {
    expect(tok.encode("x1")).not.toContain(3);
  });

  it("knows whole words", () => {
    expect(tok.hasWord("cat")).toBe(true);
    expect(tok.hasWord("at")).toBe(false);
  });
});

describe("wholeWordShare / encoderReadsQuery", () => {
  it("is the share of the query's words the vocabulary holds whole, as written or lowercased", () => {
    expect(wholeWordShare(tok, "The cats?")).toBe(1);
    expect(wholeWordShare(tok, "the dog")).toBe(0.5);
    expect(wholeWordShare(tok, "42 ?!")).toBe(0);
    expect(encoderReadsQuery(tok, "the cat sat")).toBe(true); // 2 of 3
    expect(encoderReadsQuery(tok, "il gatto")).toBe(false);
    // Each CJK character is a word: a few Latin names inside Chinese do not make it English.
    expect(wholeWordShare(tok, "the cat的第几张专辑")).toBe(2 / 8);
  });
});
