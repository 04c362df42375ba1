import { describe, expect, it } from "vitest";
import { bertVocabFromNpm } from "./test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "./wordpiece";
import { runSteps } from "../run-steps";
import { buildWindows, stitchWindows, TYPE_CONTEXT_MATCH } from "./build-windows";

const tok = new WordPieceTokenizer(bertVocabFromNpm());

describe("WordPieceTokenizer", () => {
  it("matches bert-base-uncased ids", () => {
    const e = tok.encode("Hello, world! Don't");
    expect(e.ids).toEqual([7592, 1010, 2088, 999, 2123, 1005, 1056]);
    expect(tok.special).toEqual({ pad: 0, unk: 100, cls: 101, sep: 102, mask: 103 });
  });

  it("splits subwords with ## and keeps offsets on the source", () => {
    const text = "Tokenization works";
    const e = tok.encode(text);
    const pieces = e.ids.map((_, i) => text.slice(e.starts[i], e.ends[i]));
    expect(pieces.join("")).toBe("Tokenizationworks");
    // Every piece of "Tokenization" belongs to word 0, "works" to word 1.
    expect(e.ids.length).toBeGreaterThan(2);
    expect(e.wordIds.slice(0, -1).every((w) => w === 0)).toBe(true);
    expect(e.wordIds.at(-1)).toBe(1);
    expect(e.words).toEqual(["tokenization", "works"]);
  });

  it("strips accents, lowercases, and maps offsets through emoji and CJK", () => {
    const text = "🩷 Café 北京大学 Київ";
    const e = tok.encode(text);
    for (let i = 0; i < e.ids.length; i++) {
      const s = text.slice(e.starts[i], e.ends[i]);
      expect(s.trim()).toBe(s);
      expect(s.length).toBeGreaterThan(0);
    }
    const slices = e.ids.map((_, i) => text.slice(e.starts[i], e.ends[i]));
    expect(slices).toContain("北");
    expect(slices).toContain("京");
    expect(e.words).toContain("cafe");
    // The emoji is unknown to the vocabulary but keeps its two UTF-16 units.
    expect(e.starts[0]).toBe(0);
    expect(e.ends[0]).toBe(2);
  });

  it("never turns user text into special tokens", () => {
    const e = tok.encode("a [SEP] b [CLS]");
    expect(e.ids).not.toContain(102);
    expect(e.ids).not.toContain(101);
  });

  it("handles empty and whitespace-only text", () => {
    expect(tok.encode("").ids).toEqual([]);
    expect(tok.encode(" \n\t\u00a0 ").ids).toEqual([]);
  });

  it("maps over-long words to one [UNK]", () => {
    const e = tok.encode("x".repeat(150) + " ok");
    expect(e.ids[0]).toBe(100);
    expect(e.ids.length).toBe(2);
  });
});

describe("buildWindows", () => {
  it("covers every context token with overlapping windows and stitches back", () => {
    const query = tok.encode("capital of france");
    const context = tok.encode(Array.from({ length: 300 }, (_, i) => (i === 150 ? "France" : `w${i % 7}`)).join(" "));
    const windows = buildWindows({ query, context, special: tok.special, maxLength: 128, overlap: 32 });
    expect(windows.length).toBeGreaterThan(1);
    for (const w of windows) {
      expect(w.inputIds.length).toBeLessThanOrEqual(128);
      expect(w.inputIds[0]).toBe(101);
      expect(w.inputIds.at(-1)).toBe(102);
    }
    expect(windows[0]!.from).toBe(0);
    expect(windows.at(-1)!.to).toBe(context.ids.length);
    const franceTok = context.words.indexOf("france");
    const tIdx = context.wordIds.indexOf(franceTok);
    const w0 = windows.find((w) => w.contextIndex.includes(tIdx))!;
    expect(w0.typeIds[w0.contextIndex.indexOf(tIdx)]).toBe(TYPE_CONTEXT_MATCH);
    // Probabilities equal to the context index come back unchanged after stitching.
    const probs = windows.map((w) => w.contextIndex.map((t) => (t < 0 ? -1 : t)));
    const stitched = stitchWindows(windows, probs, context.ids.length);
    expect(Array.from(stitched)).toEqual(context.ids.map((_, i) => i));
  });
});

describe("encodeSteps", () => {
  it("gives exactly what encode gives, slice by slice", () => {
    const tok = new WordPieceTokenizer(bertVocabFromNpm());
    const text = Array.from({ length: 400 }, (_, i) => `Sentence ${i} about the harbour, 東京 and 😀 emoji.${i % 7 ? " " : "\n"}`).join("");
    const whole = tok.encode(text);
    const sliced = runSteps(tok.encodeSteps(text, 500));
    expect(sliced).toEqual(whole);
  });
});

describe("traditionalAsSimplified", () => {
  // A vocabulary with simplified characters only, and one traditional character of its own (們).
  const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "国", "军", "战", "们", "們", "的"];
  const text = "國軍的戰們 x";
  const plain = new WordPieceTokenizer(vocab).encode(text);
  const folded = new WordPieceTokenizer(vocab, { traditionalAsSimplified: true }).encode(text);

  it("is off by default: a traditional character the vocabulary lacks is [UNK]", () => {
    expect(plain.ids.map((id) => vocab[id])).toEqual(["[UNK]", "[UNK]", "的", "[UNK]", "們", "[UNK]"]);
  });

  it("reads a traditional character the vocabulary lacks as its simplified form, and keeps the vocabulary's own", () => {
    expect(folded.ids.map((id) => vocab[id])).toEqual(["国", "军", "的", "战", "們", "[UNK]"]);
  });

  it("keeps the offsets and words of the source", () => {
    expect(folded.starts).toEqual(plain.starts);
    expect(folded.ends).toEqual(plain.ends);
    expect(folded.words).toEqual(plain.words);
    expect(folded.words.slice(0, 2)).toEqual(["國", "軍"]);
  });
});

describe("spelledWordsAsUnknown", () => {
  // Single letters of every script, and pieces for Latin words and one Cyrillic word only.
  const letters = [..."abcdefghijklmnopqrstuvwxyzабвгдеєжзиіїйклмнопрстуфхцчшщьюяαβγδεζ0123456789"];
  const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ...letters, ...letters.map((c) => `##${c}`), "city", "київ", "北", "京"];
  const opts = { stripAccents: false };
  const text = "Київ місто city zqx 1979 βγδ 北京 на";
  const spelled = new WordPieceTokenizer(vocab, opts).encode(text);
  const unknown = new WordPieceTokenizer(vocab, { ...opts, spelledWordsAsUnknown: true }).encode(text);
  const slices = (e: typeof spelled) => e.ids.map((id, i) => `${vocab[id]}=${text.slice(e.starts[i], e.ends[i])}`);

  it("is off by default: a word of a script covered only by letters is spelled letter by letter", () => {
    expect(slices(spelled).filter((s) => s.endsWith("=м") || s.endsWith("=і"))).toHaveLength(2);
    expect(spelled.ids).not.toContain(1);
  });

  it("makes such a word one [UNK] over the whole word, and leaves Latin, digits, CJK, pieces and short words alone", () => {
    expect(slices(unknown)).toEqual([
      "київ=Київ",
      "[UNK]=місто",
      "city=city",
      "z=z",
      "##q=q",
      "##x=x",
      "1=1",
      "##9=9",
      "##7=7",
      "##9=9",
      "[UNK]=βγδ",
      "北=北",
      "京=京",
      "н=н",
      "##а=а",
    ]);
    // The words and their ids are the same either way: word-level features (query match, BM25) still see them.
    expect(unknown.words).toEqual(spelled.words);
    expect(new Set(unknown.wordIds)).toEqual(new Set(spelled.wordIds));
  });
});
