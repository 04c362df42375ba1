import { describe, expect, it } from "vitest";
import { segmentWords, wordSegmenter } from "./segment-words";

const words = (text: string) => [...segmentWords(text)].filter((s) => s.segment.trim()).map((s) => text.slice(s.start, s.end));

describe("segmentWords", () => {
  it("gives the same segments as one Intl.Segmenter pass on spaced text, with offsets into the whole text", () => {
    const text = "Il ponte è lungo 2,7 km. Міст відкрили 1937 року! 🌉 Done.\n".repeat(200); // > 2 chunks
    const direct = [...wordSegmenter("en").segment(text)].map((s) => ({ start: s.index, end: s.index + s.segment.length, segment: s.segment }));
    expect([...segmentWords(text)]).toEqual(direct);
  });

  it("segments a 1 MB page chunk by chunk (Intl.Segmenter on the whole string takes minutes)", () => {
    const text = "The bridge opened in 1937, and traffic grew. ".repeat(23_000);
    const segs = [...segmentWords(text)];
    expect(segs.filter((s) => s.segment === "bridge")).toHaveLength(23_000);
    expect(segs.at(-1)!.end).toBe(text.length);
  });

  it("honours start/end and keeps CJK segments inside the range", () => {
    const text = "前言。桥于1937年通车。后记";
    const from = text.indexOf("桥");
    const to = text.indexOf("。", from) + 1;
    const got = [...segmentWords(text, { locale: "zh", start: from, end: to })];
    expect(got[0]!.start).toBe(from);
    expect(got.at(-1)!.end).toBe(to);
    expect(got.map((s) => s.segment).join("")).toBe(text.slice(from, to));
    expect(words("a, b")).toEqual(["a", ",", "b"]);
  });
});
