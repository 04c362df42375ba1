import { describe, expect, it } from "vitest";
import { buildWindows, TYPE_CONTEXT } from "./build-windows";
import { bertVocabFromNpm } from "./test-support/bert-vocab-from-npm";
import { tokenRelevanceBins } from "./relevance-bins";
import { WordPieceTokenizer } from "./wordpiece";

const tok = new WordPieceTokenizer(bertVocabFromNpm());

describe("tokenRelevanceBins", () => {
  const text = "Paris is the capital of France. The weather was mild. France borders Spain.";
  const units = [
    { start: 0, end: 31 },
    { start: 32, end: 53 },
    { start: 54, end: 75 },
  ];
  const enc = tok.encode(text);
  const bins = tokenRelevanceBins({ query: "What is the capital of France?", text, units, starts: enc.starts, ends: enc.ends });

  it("gives every token the bin of its sentence", () => {
    const binOf = (word: string) => bins[enc.ids.findIndex((_, i) => text.slice(enc.starts[i], enc.ends[i]).toLowerCase() === word)];
    expect(binOf("paris")).toBe(2); // best sentence
    expect(binOf("weather")).toBe(0); // no query term
    expect(binOf("spain")).toBe(1); // mentions France only
  });

  it("feeds the type ids as 1 + match + 3 * bin", () => {
    const q = tok.encode("What is the capital of France?");
    const [w] = buildWindows({ query: q, context: enc, special: tok.special, relevanceBins: bins });
    const pos = w!.contextIndex.indexOf(enc.ids.findIndex((_, i) => text.slice(enc.starts[i], enc.ends[i]) === "capital"));
    expect(w!.typeIds[pos]).toBe(TYPE_CONTEXT + 1 + 3 * 2);
    const weather = w!.contextIndex.indexOf(enc.ids.findIndex((_, i) => text.slice(enc.starts[i], enc.ends[i]) === "weather"));
    expect(w!.typeIds[weather]).toBe(TYPE_CONTEXT);
  });
});
