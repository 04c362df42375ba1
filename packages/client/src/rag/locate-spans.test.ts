import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateSpans } from "./locate-spans.js";

const span = (canonical: string, text: string, from = 0) => {
  const start = canonical.indexOf(text, from);
  if (start < 0) throw new Error(`"${text}" not in the canonical text`);
  return { start, end: start + text.length, text };
};

describe("locateSpans", () => {
  it("keeps the offsets when the canonical text is the source", () => {
    const text = "The bridge opened in 1932. It is long.";
    const s = span(text, "It is long.");
    expect(locateSpans(text, [s], text)).toEqual([{ start: s.start, end: s.end }]);
  });

  it("finds spans across collapsed whitespace and dropped list bullets", () => {
    const source = "Bridges\n\n- The  bridge\nopened in 1932.\n- It is 1,149 m (long).";
    const canonical = "Bridges\nThe bridge opened in 1932.\nIt is 1,149 m (long).";
    const spans = [span(canonical, "It is 1,149 m (long)."), span(canonical, "The bridge opened in 1932.")];
    const found = locateSpans(source, spans, canonical);
    expect(found.map((r) => r && source.slice(r.start, r.end))).toEqual(["It is 1,149 m (long).", "The  bridge\nopened in 1932."]);
  });

  it("takes the same occurrence as in the canonical text", () => {
    const source = "Yes.  Maybe.  Yes.";
    const canonical = "Yes. Maybe. Yes.";
    const second = span(canonical, "Yes.", 1);
    expect(locateSpans(source, [second], canonical)).toEqual([{ start: 14, end: 18 }]);
    // Without the canonical text: in order, each after the previous.
    expect(locateSpans(source, [span(canonical, "Maybe."), second])).toEqual([
      { start: 6, end: 12 },
      { start: 14, end: 18 },
    ]);
  });

  it("is null where the text is not in the source", () => {
    expect(locateSpans("soft\u00adhyphen", [{ start: 0, end: 10, text: "softhyphen" }], "softhyphen")).toEqual([null]);
  });

  it("property: a span of collapsed text is found where the source holds the same words", () => {
    const word = fc.stringMatching(/^[a-zà-ü0-9.,()?*+[\]\\-]{1,6}$/);
    const gap = fc.constantFrom(" ", "  ", "\n", " \t ", "\n\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (parts, a, b) => {
        const source = parts.map(([w, g]) => w + g).join("");
        const words = parts.map(([w]) => w);
        const canonical = words.join(" ");
        const i = a % words.length;
        const j = i + (b % (words.length - i));
        const text = words.slice(i, j + 1).join(" ");
        const start = words.slice(0, i).join(" ").length + (i > 0 ? 1 : 0);
        const [found] = locateSpans(source, [{ start, end: start + text.length, text }], canonical);
        expect(found).not.toBeNull();
        expect(source.slice(found!.start, found!.end).split(/\s+/).join(" ")).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
