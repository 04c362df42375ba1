import { describe, expect, it } from "vitest";
import { baseAlphabet, countWords } from "./count-words";
import { SPECIAL_TOKENS, trainWordPieceVocab } from "./train-vocab";
import { WordPieceTokenizer } from "./wordpiece";

const corpus = [
  "The river flows north. The rivers of the north flow into the sea.",
  "Il fiume scorre verso nord. La città è sul fiume.",
  "Річка тече на північ. Місто стоїть на річці.",
  "河流向北流。城市在河边。",
];

describe("trainWordPieceVocab", () => {
  const counts = countWords(corpus, { stripAccents: false });
  const vocab = trainWordPieceVocab({ counts, size: 800, alphabet: baseAlphabet(), minCharCount: 1, minPairCount: 2 });

  it("starts with the special tokens and covers Latin, Cyrillic and CJK", () => {
    expect(vocab.slice(0, SPECIAL_TOKENS.length)).toEqual([...SPECIAL_TOKENS]);
    for (const ch of ["a", "##a", "à", "я", "##ї", "河"]) expect(vocab).toContain(ch);
    expect(new Set(vocab).size).toBe(vocab.length);
  });

  it("merges frequent pairs into word pieces", () => {
    expect(vocab).toContain("the");
    expect(vocab.some((t) => t.startsWith("riv"))).toBe(true);
  });

  it("is deterministic and tokenizes its own corpus without [UNK]", () => {
    expect(trainWordPieceVocab({ counts, size: 800, alphabet: baseAlphabet(), minCharCount: 1 })).toEqual(vocab);
    const tok = new WordPieceTokenizer(vocab, { stripAccents: false });
    for (const text of corpus) {
      const enc = tok.encode(text);
      expect(enc.ids).not.toContain(tok.special.unk);
      // Offsets are UTF-16 offsets into the text.
      expect(enc.starts.every((s, i) => s < enc.ends[i]! && enc.ends[i]! <= text.length)).toBe(true);
    }
    // Accents are kept: "città" is not "citta".
    expect(tok.encode("città").ids).not.toEqual(tok.encode("citta").ids);
  });

  it("stops at the requested size", () => {
    const small = trainWordPieceVocab({ counts, size: 150, alphabet: ["a"], minCharCount: 1 });
    expect(small.length).toBeLessThanOrEqual(150);
  });
});
