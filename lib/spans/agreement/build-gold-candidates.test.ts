import { describe, expect, it } from "vitest";
import type { SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { buildGoldCandidates } from "./build-gold-candidates";

const TEXT = "Tickets cost 12 euros. Open daily. Buy now!";
const texts = new Map([["d", TEXT]]);
const sp = (needle: string, category: SpanCategory = "vital"): Span => {
  const start = TEXT.indexOf(needle);
  return { documentId: "d", start, end: start + needle.length, text: needle, category, source: "human" };
};

describe("buildGoldCandidates", () => {
  it("includes majority runs and offers minority regions unticked", () => {
    const c = buildGoldCandidates({
      texts,
      annotations: [
        { annotator: "ann", spans: [sp("Tickets cost 12 euros."), sp("Buy now!", "ads")] },
        { annotator: "bob", spans: [sp("Tickets cost 12 euros. Open daily.")] },
        { annotator: "cat", spans: [sp("Tickets cost 12 euros.")] },
      ],
    });
    expect(c.map((x) => [x.text, x.category, x.kind, x.included, x.annotators])).toEqual([
      ["Tickets cost 12 euros.", "vital", "majority", true, []],
      ["Open daily.", "vital", "minority", false, ["bob"]],
      ["Buy now!", "ads", "minority", false, ["ann"]],
    ]);
    expect(c[0]!.share).toBe(1);
    expect(c[1]!.share).toBeCloseTo(1 / 3, 12);
  });

  it("takes a single annotator's spans as the majority and returns nothing without annotations", () => {
    const c = buildGoldCandidates({ texts, annotations: [{ annotator: "ann", spans: [sp("Open daily.")] }] });
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ text: "Open daily.", kind: "majority", included: true });
    expect(buildGoldCandidates({ texts, annotations: [] })).toEqual([]);
  });

  it("never pre-ticks a majority run that is only punctuation or a word fragment", () => {
    const frag = (start: number, end: number): Span => ({
      documentId: "d",
      start,
      end,
      text: TEXT.slice(start, end),
      category: "vital",
      source: "human",
    });
    const at = TEXT.indexOf("Tickets");
    const c = buildGoldCandidates({
      texts,
      annotations: [
        { annotator: "ann", spans: [frag(at + 3, at + 7), sp("!"), sp("Open daily.")] },
        { annotator: "bob", spans: [frag(at + 3, at + 7), sp("!"), sp("Open daily.")] },
      ],
    });
    expect(c.map((x) => [x.text, x.kind, x.included, x.held])).toEqual([
      ["kets", "majority", false, "fragment"],
      ["Open daily.", "majority", true, undefined],
      ["!", "majority", false, "punctuation"],
    ]);
  });
});
