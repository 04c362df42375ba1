import { describe, expect, it } from "vitest";
import { countWords } from "./count-words";
import { CYRILLIC, extendVocab } from "./extend-vocab";
import { WordPieceTokenizer } from "./wordpiece";

const base = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "museum", "##s", "о", "##д", "##н", "##о", "м", "##у", "##з", "##е", "##й"];

describe("extendVocab", () => {
  const texts = Array.from({ length: 20 }, () => "Музей відкривається о десятій годині, музей працює щодня. The museums open.");
  const extended = extendVocab({ vocab: base, counts: countWords(texts, { stripAccents: false }), size: 400, script: CYRILLIC });

  it("keeps every existing id and appends only pieces of the script", () => {
    expect(extended.slice(0, base.length)).toEqual(base);
    const added = extended.slice(base.length);
    expect(added.length).toBeGreaterThan(5);
    expect(added.every((p) => CYRILLIC.test(p))).toBe(true);
    expect(new Set(extended).size).toBe(extended.length);
  });

  it("reads Cyrillic words as pieces, not letters, and Latin text as before", () => {
    const before = new WordPieceTokenizer(base, { stripAccents: false });
    const after = new WordPieceTokenizer(extended, { stripAccents: false });
    expect(after.encode("музей").ids.length).toBeLessThan(before.encode("музей").ids.length);
    expect(after.encode("the museums").ids).toEqual(before.encode("the museums").ids);
  });
});
