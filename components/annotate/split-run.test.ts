import { describe, expect, it } from "vitest";
import { compareMarks, splitRun, type Atom, type RunNode } from "./split-run";
import type { Mark } from "./types";

const text = "The bridge opened in 1937.";
// Tokens "The", " ", "bridge", " ", "opened", … as pieces with offsets.
const pieces: Atom[] = [];
for (const m of text.matchAll(/\S+|\s+/g)) pieces.push({ text: m[0], t: /\s/.test(m[0]) ? -1 : pieces.length, start: m.index });

const mark = (key: string, start: number, end: number, layer: Mark["layer"] = "mine", category: Mark["category"] = "vital"): Mark => ({
  key,
  layer,
  id: key,
  category,
  start,
  end,
});
const flat = (nodes: RunNode[]): string => nodes.map((n) => ("mark" in n ? flat(n.children) : n.text)).join("");
const markText = (nodes: RunNode[], key: string): string =>
  nodes.map((n) => ("mark" in n ? (n.mark.key === key ? flat(n.children) : markText(n.children, key)) : "")).join("");

describe("splitRun", () => {
  it("returns the pieces unchanged without marks", () => {
    expect(splitRun(pieces, [])).toBe(pieces);
    expect(splitRun(pieces, [mark("far", 100, 120)])).toBe(pieces);
  });

  it("wraps a span in one element whose text is the span's text, splitting tokens at exact (Alt) edges", () => {
    const nodes = splitRun(pieces, [mark("a", 4, 13)]); // "bridge op" cuts the token "opened"
    expect(flat(nodes)).toBe(text);
    const marks = nodes.filter((n) => "mark" in n);
    expect(marks).toHaveLength(1);
    expect(markText(nodes, "a")).toBe("bridge op");
    // The cut token keeps its token index in both halves, with correct offsets.
    const atoms = nodes.flatMap((n) => ("mark" in n ? n.children : [n])) as Atom[];
    for (const a of atoms) expect(text.slice(a.start, a.start + a.text.length)).toBe(a.text);
    expect(atoms.filter((a) => a.t === 4).map((a) => a.text)).toEqual(["op", "ened"]);
  });

  it("nests overlapping spans of different categories; every span's text is recoverable", () => {
    const ms = [mark("a", 0, 17), mark("b", 11, 25, "mine", "ads"), mark("g", 4, 10, "gold")].sort(compareMarks);
    const nodes = splitRun(pieces, ms);
    expect(flat(nodes)).toBe(text);
    expect(markText(nodes, "g")).toBe("bridge");
    expect(markText(nodes, "a")).toBe(text.slice(0, 17));
    const bText = markText(nodes, "b");
    expect(bText).toBe(text.slice(11, 25));
  });
});
