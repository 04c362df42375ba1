import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SpanCategory } from "../categories";
import { snapSpanToWords } from "../word-edges";
import { buildReviewRegions, chosenGoldSpans, type ReviewVoter, type VoterSpan } from "./build-review-regions";
import { findSameCategoryOverlaps } from "./same-category-overlaps";

// The demo pair the review issue was found on: gold holds the fetch line; one annotator bulk-accepted, another marked a
// sentence and a fragment of it.
const TEXT =
  "fetch() has no timeout option of its own. Use an AbortSignal instead. " +
  'const res = await fetch("/api/report", { signal: AbortSignal.timeout(5000) }); ' +
  "Subscribe to our newsletter!";
const texts = new Map([["d1", TEXT]]);
const at = (needle: string, category: SpanCategory = "vital", extra: Partial<VoterSpan> = {}): VoterSpan => {
  const start = TEXT.indexOf(needle);
  if (start < 0) throw new Error(`not in text: ${needle}`);
  return { documentId: "d1", start, end: start + needle.length, category, ...extra };
};
const S1 = "fetch() has no timeout option of its own.";
const S2 = "Use an AbortSignal instead.";
const CODE = 'const res = await fetch("/api/report", { signal: AbortSignal.timeout(5000) });';

describe("buildReviewRegions", () => {
  it("keeps the current gold pre-chosen even when no annotator drew it (the default click never drops gold)", () => {
    const voters: ReviewVoter[] = [
      { id: "gold", label: "current gold", kind: "gold", spans: [at(CODE)] },
      { id: "a", label: "a", kind: "annotation", spans: [at(S1), at(S2)] },
      { id: "b", label: "b", kind: "annotation", spans: [at(S1), at("timeout option of its own")] },
    ];
    const regions = buildReviewRegions({ voters, texts });
    const gold = chosenGoldSpans(regions);
    expect(gold.map((s) => s.text)).toEqual([S1, CODE]);
    // S1 and the fragment overlap: one region whose versions are what each annotator drew, never a run nobody drew.
    const r1 = regions.find((r) => r.start === TEXT.indexOf(S1))!;
    expect(r1.versions.map((v) => v.spans.map((s) => s.text))).toEqual([[S1]]);
    expect(r1.agreed).toBe(true);
    expect(findSameCategoryOverlaps(gold)).toEqual([]);
  });

  it("a nested fragment of one annotator becomes part of their version, not a second gold span", () => {
    const voters: ReviewVoter[] = [
      { id: "a", label: "a", kind: "annotation", spans: [at(S1)] },
      { id: "b", label: "b", kind: "annotation", spans: [at("timeout option of its own")] },
    ];
    const [r] = buildReviewRegions({ voters, texts });
    expect(r!.versions.map((v) => v.spans[0]!.text)).toEqual([S1, "timeout option of its own"]);
    // 1 of 2 each: no majority, nothing pre-chosen; the reviewer picks one.
    expect(r!.defaultVersion).toBeNull();
    expect(chosenGoldSpans([r!], new Map([[r!.key, r!.versions[1]!.key]])).map((s) => s.text)).toEqual(["timeout option of its own"]);
  });

  it("snaps annotators' spans to whole words, keeps exact ones and gold as drawn", () => {
    const frag = { documentId: "d1", start: TEXT.indexOf("AbortSignal") + 2, end: TEXT.indexOf("AbortSignal") + 7, category: "vital" as const };
    const regions = buildReviewRegions({
      voters: [
        { id: "a", label: "a", kind: "annotation", spans: [frag] },
        { id: "b", label: "b", kind: "annotation", spans: [{ ...frag, exact: true }] },
      ],
      texts,
    });
    const texts2 = regions.flatMap((r) => r.versions.map((v) => v.spans[0]!.text));
    expect(texts2).toContain("AbortSignal");
    expect(texts2).toContain("ortSi");
  });

  it("a rejected annotation (left out of the voters) stops voting", () => {
    const a: ReviewVoter = { id: "a", label: "a", kind: "annotation", spans: [at(S1)] };
    const b: ReviewVoter = { id: "b", label: "b", kind: "annotation", spans: [at(S2)] };
    expect(chosenGoldSpans(buildReviewRegions({ voters: [a, b], texts }))).toEqual([]);
    expect(chosenGoldSpans(buildReviewRegions({ voters: [a], texts })).map((s) => s.text)).toEqual([S1]);
  });

  it("suggestions offer versions but never vote or get pre-chosen", () => {
    const regions = buildReviewRegions({
      voters: [
        { id: "a", label: "a", kind: "annotation", spans: [at(S2)] },
        { id: "judge", label: "LLM judge", kind: "suggestion", spans: [at(S1), at("Subscribe to our newsletter!", "ads")] },
      ],
      texts,
    });
    expect(regions.map((r) => [r.category, r.defaultVersion !== null])).toEqual([
      ["vital", false],
      ["vital", true],
      ["ads", false],
    ]);
  });

  it("punctuation agreed on is listed but not pre-chosen", () => {
    const dot = { documentId: "d1", start: S1.length - 1, end: S1.length, category: "vital" as const, exact: true };
    const [r] = buildReviewRegions({
      voters: [
        { id: "a", label: "a", kind: "annotation", spans: [dot] },
        { id: "b", label: "b", kind: "annotation", spans: [dot] },
      ],
      texts,
    });
    expect(r!.versions[0]!.held).toBe("punctuation");
    expect(r!.defaultVersion).toBeNull();
  });
});

// Property: for any annotations and gold over a text, the default choice (1) keeps every gold character of every
// category, (2) holds only spans some voter drew (as stored: snapped to words unless exact; a voter's own
// overlapping spans joined), (3) never holds two overlapping spans of one category.
describe("buildReviewRegions (property)", () => {
  const WORDS = ["fetch", "has", "no", "timeout", "AbortSignal", "(", ")", "5000", "Київ", "数据", "库", ".", ","];
  const textArb = fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 30 }).map((w) => w.join(" "));
  const spanArb = (len: number) =>
    fc
      .record({
        a: fc.integer({ min: 0, max: len }),
        b: fc.integer({ min: 0, max: len }),
        category: fc.constantFrom<SpanCategory>("vital", "ads", "off_topic"),
        exact: fc.boolean(),
      })
      .filter((s) => s.a !== s.b)
      .map((s) => ({ documentId: "d", start: Math.min(s.a, s.b), end: Math.max(s.a, s.b), category: s.category, exact: s.exact }));

  it("default ticks never drop gold, never invent a span, never nest", () => {
    fc.assert(
      fc.property(
        textArb.chain((text) =>
          fc.record({
            text: fc.constant(text),
            // Stored gold has no same-category overlaps (the data layer refuses them).
            gold: fc.array(spanArb(text.length), { maxLength: 4 }),
            annotations: fc.array(fc.array(spanArb(text.length), { maxLength: 5 }), { maxLength: 4 }),
          }),
        ),
        ({ text, gold, annotations }) => {
          const cleanGold = gold.filter((g, i) => !gold.slice(0, i).some((h) => h.category === g.category && h.start < g.end && g.start < h.end));
          const voters: ReviewVoter[] = [
            { id: "gold", label: "gold", kind: "gold", spans: cleanGold },
            ...annotations.map((spans, i): ReviewVoter => ({ id: `a${i}`, label: `a${i}`, kind: "annotation", spans })),
          ];
          const t = new Map([["d", text]]);
          const chosen = chosenGoldSpans(buildReviewRegions({ voters, texts: t }));
          // (1) every gold character still covered by a chosen span of its category
          for (const g of cleanGold) {
            for (let c = g.start; c < g.end; c++) {
              expect(chosen.some((s) => s.category === g.category && s.start <= c && c < s.end)).toBe(true);
            }
          }
          // (2) each chosen span is a stored reading of some voter's span, or a union of that voter's overlapping ones
          for (const s of chosen) {
            const drawnBy = voters.some((v) => {
              const mine = v.spans
                .filter((x) => x.category === s.category)
                .map((x) => (x.exact || v.kind === "gold" ? { start: x.start, end: x.end } : snapSpanToWords({ text, start: x.start, end: x.end })));
              const inside = mine.filter((m) => m.start >= s.start && m.end <= s.end);
              return inside.some((m) => m.start === s.start) && inside.some((m) => m.end === s.end);
            });
            expect(drawnBy).toBe(true);
            expect(s.text).toBe(text.slice(s.start, s.end));
          }
          // (3) no same-category overlap
          expect(findSameCategoryOverlaps(chosen)).toEqual([]);
        },
      ),
      { numRuns: 400, seed: 60 },
    );
  });
});
