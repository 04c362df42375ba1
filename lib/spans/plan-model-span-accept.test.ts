import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import { describeSkipped, planModelSpanAccept } from "./plan-model-span-accept";
import { isWordFragment } from "./word-edges";

// Three sentences as units; the selection keeps the last two.
const text = "Set a timer. Call fetch(url) with a signal. Catch the DOMException.";
const units = [
  { start: 0, end: 12 },
  { start: 13, end: 43 },
  { start: 44, end: 67 },
];
const results = [{ id: "d1", text, units }];
const unitScores = [[0.1, 0.6, 0.8]];
const cat = (c: SpanCategory) => SPAN_CATEGORIES.indexOf(c);

/** One token per whitespace-separated word of `t`, each with the category its word's index maps to. */
function tokensOf(t: string, categoryAt: (start: number) => SpanCategory) {
  const starts: number[] = [];
  const ends: number[] = [];
  const categories: number[] = [];
  for (const m of t.matchAll(/\S+/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    categories.push(cat(categoryAt(m.index)));
  }
  return { starts, ends, categories };
}

describe("planModelSpanAccept", () => {
  it("adds one span per kept unit, adjacent units never merged, each with its unit's score", () => {
    const plan = planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing: [] });
    expect(plan.spans).toEqual([
      { documentId: "d1", start: 13, end: 43, text: "Call fetch(url) with a signal.", category: "vital", score: 0.6 },
      { documentId: "d1", start: 44, end: 67, text: "Catch the DOMException.", category: "vital", score: 0.8 },
    ]);
    expect(plan.skipped).toEqual([]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.50).");
    for (const s of plan.spans) expect(isWordFragment({ text, start: s.start, end: s.end })).toBe(false);
  });

  it("never merges across a heading: a heading unit and the paragraph after it stay two spans", () => {
    const page = "Timeouts\nUse AbortSignal.timeout(ms) to give up.";
    const plan = planModelSpanAccept({
      results: [
        {
          id: "d",
          text: page,
          units: [
            { start: 0, end: 8 },
            { start: 9, end: page.length },
          ],
        },
      ],
      keptUnits: [[0, 1]],
      unitScores: [[0.7, 0.9]],
      threshold: 0.5,
      existing: [],
    });
    expect(plan.spans.map((s) => s.text)).toEqual(["Timeouts", "Use AbortSignal.timeout(ms) to give up."]);
    expect(plan.spans.every((s) => !s.text.includes("\n"))).toBe(true);
  });

  it("skips kept units the category head tags non-vital, with their category (the Chinese demo's ad)", () => {
    const page = "绿萝喜湿润但怕积水。【限时特惠】进口营养土 5升装 仅需9.9元，包邮到家！一次浇透。";
    const ad = { start: page.indexOf("【"), end: page.indexOf("一次") };
    const pageUnits = [{ start: 0, end: ad.start }, ad, { start: ad.end, end: page.length }];
    // One token per character (as the model's tokenizer splits CJK): the ad's characters mostly off-topic, a few vital.
    const starts = [...page].map((_, k) => k);
    const categories = starts.map((k) => (k >= ad.start && k < ad.end ? (k < ad.start + 4 ? cat("vital") : cat("off_topic")) : cat("vital")));
    const plan = planModelSpanAccept({
      results: [{ id: "zh", text: page, units: pageUnits, tokens: { starts, ends: starts.map((k) => k + 1), categories } }],
      keptUnits: [[0, 1, 2]],
      unitScores: [[0.8, 0.49, 0.86]],
      threshold: 0.22,
      existing: [],
    });
    expect(plan.spans.map((s) => s.text)).toEqual(["绿萝喜湿润但怕积水。", "一次浇透。"]);
    expect(plan.skipped).toEqual([
      { documentId: "zh", start: ad.start, end: ad.end, text: page.slice(ad.start, ad.end), category: "off_topic", score: 0.49 },
    ]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.22). Left out 1 unit the model tags non-vital (1 Off-topic).");
    for (const s of [...plan.spans, ...plan.skipped]) expect(isWordFragment({ text: page, start: s.start, end: s.end })).toBe(false);
  });

  it("decides a unit by the category covering most of it, and says so when every kept unit is non-vital", () => {
    // Unit 1: 3 of 5 words vital → vital; unit 2: navigation; unit 0: metadata.
    const tokens = tokensOf(text, (at) => (at < 12 ? "metadata" : at < 43 ? (at < 28 ? "vital" : at < 36 ? "ads" : "vital") : "ui_navigation"));
    const withTokens = [{ id: "d1", text, units, tokens }];
    const plan = planModelSpanAccept({ results: withTokens, keptUnits: [[0, 1, 2]], unitScores, threshold: 0.05, existing: [] });
    expect(plan.spans.map((s) => s.text)).toEqual(["Call fetch(url) with a signal."]);
    expect(plan.skipped.map((s) => [s.category, s.text])).toEqual([
      ["metadata", "Set a timer."],
      ["ui_navigation", "Catch the DOMException."],
    ]);
    const none = planModelSpanAccept({ results: withTokens, keptUnits: [[0, 2]], unitScores, threshold: 0.05, existing: [] });
    expect(none.spans).toEqual([]);
    expect(none.notice).toBe("Nothing to add: the model tags every unit the selection keeps (p ≥ 0.05) non-vital (1 Metadata, 1 UI / navigation).");
  });

  it("takes every kept unit when the model has no category head", () => {
    const tokens = { starts: [0], ends: [3] };
    const plan = planModelSpanAccept({
      results: [{ id: "d1", text, units, tokens }],
      keptUnits: [[0, 2]],
      unitScores,
      threshold: 0.05,
      existing: [],
    });
    expect(plan.spans.map((s) => s.text)).toEqual(["Set a timer.", "Catch the DOMException."]);
  });

  it("leaves out units a vital span of the annotation covers, and says so when nothing is new", () => {
    const existing = [{ documentId: "d1", start: 13, end: 67, category: "vital" }];
    const plan = planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing });
    expect(plan.spans).toEqual([]);
    expect(plan.already).toBe(2);
    expect(plan.notice).toBe("The model spans (p ≥ 0.50) are already in your annotation.");
    // Another category over the same range is not the same span; another document's span covers nothing here.
    expect(
      planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing: [{ ...existing[0]!, category: "ads" }] }).spans,
    ).toHaveLength(2);
    expect(
      planModelSpanAccept({ results, keptUnits: [[1, 2]], unitScores, threshold: 0.5, existing: [{ ...existing[0]!, documentId: "d2" }] }).spans,
    ).toHaveLength(2);
  });

  it("says when the selection keeps nothing, and skips results without a selection", () => {
    expect(planModelSpanAccept({ results, keptUnits: [[]], unitScores, threshold: 0.95, existing: [] })).toEqual({
      spans: [],
      skipped: [],
      already: 0,
      threshold: 0.95,
      notice: "The selection keeps no text at this threshold.",
    });
    expect(planModelSpanAccept({ results, keptUnits: [undefined], unitScores: [undefined], threshold: 0.1, existing: [] }).notice).toBe(
      "The selection keeps no text at this threshold.",
    );
  });

  it("counts the spans of every result", () => {
    const plan = planModelSpanAccept({
      results: [...results, { id: "d2", text, units }],
      keptUnits: [[2], [2]],
      unitScores: [...unitScores, ...unitScores],
      threshold: 0.7,
      existing: [],
    });
    expect(plan.spans.map((s) => [s.documentId, s.text])).toEqual([
      ["d1", "Catch the DOMException."],
      ["d2", "Catch the DOMException."],
    ]);
    expect(plan.notice).toBe("Added 2 model spans (p ≥ 0.70).");
  });

  it("widens a unit edge that falls inside a word", () => {
    const plan = planModelSpanAccept({
      results: [{ id: "d1", text, units: [{ start: 15, end: 43 }] }],
      keptUnits: [[0]],
      unitScores: [[0.9]],
      threshold: 0.5,
      existing: [],
    });
    expect(plan.spans.map((s) => s.text)).toEqual(["Call fetch(url) with a signal."]);
  });
});

describe("describeSkipped", () => {
  it("counts the skipped units per category, most first", () => {
    expect(describeSkipped([{ category: "ads" }, { category: "off_topic" }, { category: "off_topic" }])).toBe("2 Off-topic, 1 Ads");
  });
});
