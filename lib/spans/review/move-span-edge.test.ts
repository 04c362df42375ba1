import { describe, expect, it } from "vitest";
import { isWordFragment } from "../word-edges";
import { moveSpanEdge } from "./move-span-edge";

const TEXT = "Intro line. fetch() has no timeout option of its own. Use an AbortSignal instead.";
const S = "fetch() has no timeout option of its own.";
const start = TEXT.indexOf(S);
const end = start + S.length;

describe("moveSpanEdge", () => {
  it("moves an edge one word at a time, keeping closing punctuation with its word", () => {
    expect(moveSpanEdge({ text: TEXT, start, end, edge: "start", direction: 1 }).text).toBe("has no timeout option of its own.");
    expect(moveSpanEdge({ text: TEXT, start, end, edge: "start", direction: -1 }).text).toBe("line. fetch() has no timeout option of its own.");
    expect(moveSpanEdge({ text: TEXT, start, end, edge: "end", direction: -1 }).text).toBe("fetch() has no timeout option of its");
    expect(moveSpanEdge({ text: TEXT, start, end, edge: "end", direction: 1 }).text).toBe("fetch() has no timeout option of its own. Use");
  });
  it("never empties the span or leaves the text, and every result is on word edges", () => {
    const one = TEXT.indexOf("Intro");
    expect(moveSpanEdge({ text: TEXT, start: one, end: one + 5, edge: "end", direction: -1 }).text).toBe("Intro");
    expect(moveSpanEdge({ text: TEXT, start: one, end: one + 5, edge: "start", direction: -1 }).text).toBe("Intro");
    const last = TEXT.indexOf("instead.");
    expect(moveSpanEdge({ text: TEXT, start: last, end: TEXT.length, edge: "end", direction: 1 }).text).toBe("instead.");
    let s = { start, end };
    for (const step of [1, 1, -1, 1] as const) {
      const r = moveSpanEdge({ text: TEXT, start: s.start, end: s.end, edge: "end", direction: step });
      s = { start: r.start, end: r.end };
      expect(isWordFragment({ text: TEXT, start: s.start, end: s.end })).toBe(false);
    }
  });
  it("works in unspaced scripts (Chinese words from Intl)", () => {
    const zh = "数据库的超时设置很重要。";
    const r = moveSpanEdge({ text: zh, start: 0, end: zh.length, edge: "start", direction: 1 });
    expect(r.start).toBeGreaterThan(0);
    expect(isWordFragment({ text: zh, start: r.start, end: r.end })).toBe(false);
  });
});
