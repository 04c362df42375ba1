import { describe, expect, it } from "vitest";
import { snapRunsToWords } from "./snap-runs-to-words";
import { isWordFragment } from "./word-edges";

type Run = { start: number; end: number; category: string };
const texts = (text: string, runs: readonly Run[]) => runs.map((r) => [r.category, text.slice(r.start, r.end)]);
const onWordEdges = (text: string, runs: readonly Run[]) => runs.every((r) => !isWordFragment({ text, start: r.start, end: r.end }));

describe("snapRunsToWords", () => {
  it("gives a word two runs share to the run covering most of it ('doc|s', 'Sig|nal')", () => {
    const text = "Read the docs: use AbortSignal now.";
    const at = (s: string) => text.indexOf(s);
    const runs: Run[] = [
      { start: 0, end: at("s:"), category: "vital" }, // "Read the doc"
      { start: at("s:"), end: at("nal"), category: "off_topic" }, // "s: use AbortSig"
      { start: at("nal"), end: text.length, category: "ads" }, // "nal now."
    ];
    const out = snapRunsToWords({ text, runs });
    expect(texts(text, out)).toEqual([
      ["vital", "Read the docs"],
      ["off_topic", ": use AbortSignal"],
      ["ads", "now."],
    ]);
    expect(onWordEdges(text, out)).toBe(true);
  });

  it("drops a run that lies inside one word, breaks a tie toward the earlier run, and keeps untouched runs as they are", () => {
    const text = "AbortController fires";
    const runs: Run[] = [
      { start: 0, end: 5, category: "vital" }, // Abort
      { start: 5, end: 6, category: "ads" }, // C
      { start: 6, end: 10, category: "metadata" }, // ontr
      { start: 10, end: 15, category: "vital" }, // oller
      { start: 16, end: 21, category: "vital" }, // fires
    ];
    const out = snapRunsToWords({ text, runs });
    // "Abort" and "oller" cover 5 characters each: the earlier run takes the word.
    expect(texts(text, out)).toEqual([
      ["vital", "AbortController"],
      ["vital", "fires"],
    ]);
    expect(out[1]).toBe(runs[4]);
  });

  it("sums a category's runs inside the word: 'mill' + 'ds' (vital) against 'isecon' (off-topic) is a tie, the earlier wins", () => {
    const text = "of milliseconds:";
    const runs: Run[] = [
      { start: 0, end: 7, category: "vital" }, // "of mill"
      { start: 7, end: 13, category: "off_topic" }, // "isecon"
      { start: 13, end: 16, category: "vital" }, // "ds:"
    ];
    expect(texts(text, snapRunsToWords({ text, runs }))).toEqual([
      ["vital", "of milliseconds"],
      ["vital", ":"],
    ]);
  });

  it("snaps Cyrillic words", () => {
    const text = "Очистіть кеш браузера Chrome";
    const cut = text.indexOf("зера");
    const out = snapRunsToWords({
      text,
      runs: [
        { start: 0, end: cut, category: "vital" }, // "Очистіть кеш брау"
        { start: cut, end: text.length, category: "off_topic" }, // "зера Chrome"
      ],
    });
    expect(texts(text, out)).toEqual([
      ["vital", "Очистіть кеш браузера"],
      ["off_topic", "Chrome"],
    ]);
  });

  it("keeps CJK marks on word edges without swallowing the sentence (one token per character)", () => {
    const text = "绿萝多久浇一次水？夏天和冬天有什么不同？";
    // 多|久 and 夏|天 are cut (多久 and 夏天 are words): one character each side, so the earlier run takes each word.
    const runs: Run[] = [
      { start: 0, end: 3, category: "vital" }, // 绿萝多
      { start: 3, end: 10, category: "off_topic" }, // 久浇一次水？夏
      { start: 10, end: text.length, category: "metadata" }, // 天和冬天有什么不同？
    ];
    const out = snapRunsToWords({ text, runs });
    expect(onWordEdges(text, out)).toBe(true);
    expect(texts(text, out)).toEqual([
      ["vital", "绿萝多久"],
      ["off_topic", "浇一次水？夏天"],
      ["metadata", "和冬天有什么不同？"],
    ]);
  });

  it("returns the runs unchanged when no edge cuts a word", () => {
    const text = "One two. Three";
    const runs: Run[] = [
      { start: 0, end: 8, category: "vital" },
      { start: 9, end: 14, category: "ads" },
    ];
    expect(snapRunsToWords({ text, runs })).toEqual(runs);
  });
});
