import { describe, expect, it } from "vitest";
import { modelConfigSchema } from "../model/model-config";
import { calibratedSettings, profileOf, selectionProfileSchema, type SelectionProfile } from "../schemas/selection-profile";
import { computeUnitScores } from "./compute-unit-scores";
import { resultFocus } from "./focus-terms";
import { prepareResult } from "./prepare-result";
import { createCachedScorer } from "./scorers/cached";
import { selectSpans } from "./select-spans";
import { BASELINE_PROFILE, scoreResultUnits, selectWithProfile } from "./select-with-profile";

const text = "Lumen Bridge spans the river. It was completed in 1911. Trams crossed it until 1960. Its lamps are gas lamps.";
const result = prepareResult({ id: "a", title: "Lumen Bridge", text });
const tokenScores = {
  starts: Int32Array.from(result.units.map((u) => u.start)),
  ends: Int32Array.from(result.units.map((u) => u.end)),
  probs: Float32Array.from([0.7, 0.3, 0.01, 0.015]),
};
const query = "When was Lumen Bridge completed?";

describe("the selection profile", () => {
  it("is read whole from a model's config: every setting of the schema is a config field", () => {
    const shape = Object.keys(modelConfigSchema.shape);
    for (const key of Object.keys(selectionProfileSchema.shape)) expect(shape).toContain(key);
    const config = modelConfigSchema.parse({ name: "m", threshold: 0.3, floor: 0.004, focusWeight: 0.5 });
    expect(profileOf(config)).toEqual({ aggregation: "mean", threshold: 0.3, floor: 0.004, focusWeight: 0.5 });
    // A config without the optional settings: the engine's own (absent, not undefined-valued keys).
    expect(profileOf(modelConfigSchema.parse({ name: "m" }))).toEqual({ aggregation: "mean", threshold: 0.5 });
    expect(calibratedSettings({ aggregation: "max", threshold: 0.3, fallbackFloor: 0.2, focusWeight: 0.5 })).toEqual({
      threshold: 0.3,
      fallbackFloor: 0.2,
    });
  });
});

describe("scoreResultUnits", () => {
  it("is the scorer's formula with the profile's aggregation and focus weight (a request's aggregation wins)", () => {
    const profile: SelectionProfile = { aggregation: "mean", threshold: 0.2, focusWeight: 0.5 };
    const focus = resultFocus(query, { title: result.title, text }, 0.5);
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile })).toEqual(
      computeUnitScores({ tokenScores, units: result.units, aggregation: "mean", focus }),
    );
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile, aggregation: "max" })).toEqual(
      computeUnitScores({ tokenScores, units: result.units, aggregation: "max", focus }),
    );
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: BASELINE_PROFILE })).toEqual(
      computeUnitScores({ tokenScores, units: result.units, aggregation: "mean" }),
    );
  });

  it("is what a cached scorer gives: a cached run scores as a fresh one", async () => {
    const profile: SelectionProfile = { aggregation: "mean", threshold: 0.2, focusWeight: 0.5 };
    const scorer = createCachedScorer({ name: "model:x", profile, tokenScores: [tokenScores] });
    const scored = await scorer.scoreUnits({ query, results: [result], aggregation: "mean" });
    expect(scored.unitScores).toEqual([scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile })]);
    expect(scored.tokenScores).toEqual([tokenScores]);
  });
});

describe("scoreResultUnits with a similarity", () => {
  const similarity = [0, 0.2, 1, 0];
  it("blends it in at similarityWeight for a result of at most similarityMaxUnits units (default 12)", () => {
    const profile: SelectionProfile = { aggregation: "mean", threshold: 0.2, similarityWeight: 0.5 };
    const plain = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: { ...profile, similarityWeight: undefined } });
    const blended = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile, similarity });
    expect(blended[2]!).toBeGreaterThan(plain[2]!);
    expect(Math.max(...blended)).toBeCloseTo(Math.max(...plain), 12);
    // Four units: over a limit of 3 the model's scores stand.
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: { ...profile, similarityMaxUnits: 3 }, similarity })).toEqual(
      plain,
    );
    // A cached scorer awaits the same similarity and blends it the same way.
    const scorer = createCachedScorer({ name: "model:x", profile, tokenScores: [tokenScores], similarity: async () => [similarity] });
    return scorer.scoreUnits({ query, results: [result], aggregation: "mean" }).then((s) => expect(s.unitScores).toEqual([blended]));
  });
});

describe("scoreResultUnits with the sentence encoder's cosines", () => {
  const cosines = [0.1, 0.18, 0.42, 0.1];
  const encoder: SelectionProfile = {
    aggregation: "mean",
    threshold: 0.2,
    fallbackFloor: 0.3,
    similarityWeight: 0.5,
    similaritySource: "sentence-encoder",
  };
  it("blends the cosines rescaled within the result (the word vectors' coverage as it is)", () => {
    const rescaled = [0, 0.25, 1, 0];
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: encoder, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: { ...encoder, similaritySource: undefined }, similarity: rescaled }),
    );
  });

  it("scales a passage whose best cosine is under the answer gate, so the default threshold keeps nothing of it", () => {
    const gate = { cosine: 0.5, scale: 0.25 };
    const tier = { maxUnits: 40, maxResults: 5, blend: "rank" as const, weight: 0.6 };
    const open: SelectionProfile = { ...encoder, similarityPassage: tier };
    const gated: SelectionProfile = { ...encoder, similarityPassage: { ...tier, gate } };
    const before = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: open, similarity: cosines });
    const after = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: gated, similarity: cosines });
    // Scaled above the selection floor (the engine's 0.02 here): a unit under it stays where it was.
    after.forEach((s, i) => expect(s).toBeCloseTo(before[i]! > 0.02 ? 0.02 + (before[i]! - 0.02) * 0.25 : before[i]!, 12));
    expect(after.some((s, i) => s === before[i] && s <= 0.02)).toBe(true);
    expect(
      selectWithProfile({ results: [result], unitScores: [before], budget: Infinity, profile: gated }).results[0]!.keptUnits.length,
    ).toBeGreaterThan(0);
    const none = selectWithProfile({ results: [result], unitScores: [after], budget: Infinity, profile: gated });
    expect(none.results[0]!.keptUnits).toEqual([]);
    expect(none.reason).toMatch(/none scored above 0.3/);
    // A budget alone (threshold 0) keeps the same units in the same order: the gate moves scores, not the order.
    const fill = (unitScores: number[][]) => selectWithProfile({ results: [result], unitScores, budget: 12, profile: gated, threshold: 0 });
    expect(fill([after]).results[0]!.keptUnits).toEqual(fill([before]).results[0]!.keptUnits);
    // A passage whose best cosine reaches the gate, a longer result (not a passage) or word vectors: not gated.
    const answered = cosines.map((c) => c + 0.1);
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: gated, similarity: answered })).toEqual(
      scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: open, similarity: answered }),
    );
    expect(scoreResultUnits({ query, result, resultCount: 6, tokenScores, profile: gated, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 6, tokenScores, profile: open, similarity: cosines }),
    );
    // A query made of the result's title (a broad query: the whole result is on topic) is not gated either.
    expect(scoreResultUnits({ query: "lumen bridge", result, resultCount: 1, tokenScores, profile: gated, similarity: cosines })).toEqual(
      scoreResultUnits({ query: "lumen bridge", result, resultCount: 1, tokenScores, profile: open, similarity: cosines }),
    );
    const words = { ...gated, similaritySource: "word-vectors" as const };
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: words, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: { ...words, similarityPassage: tier }, similarity: cosines }),
    );
  });

  it("gates a passage of several paragraphs by the paragraph rule, read from the result's text", () => {
    const tier = { maxUnits: 40, maxResults: 5, blend: "rank" as const, weight: 0.6 };
    const gate = { cosine: 0.3, scale: 0.25, paragraphs: { others: 0.5, cosine: 0.3 } };
    const profile: SelectionProfile = { ...encoder, similarityPassage: { ...tier, gate } };
    const open: SelectionProfile = { ...encoder, similarityPassage: tier };
    // Paragraph bests 0.42 and 0.4 (two paragraphs): 0.42 − 0.2 = 0.22 < 0.3.
    // A blank line between paragraphs (one newline inside a paragraph is a wrapped line); same offsets, one character each.
    const split = prepareResult({ id: "b", title: "Lumen Bridge", text: text.replace(" Trams", "\n\nTrams") });
    const flat = [0.1, 0.42, 0.4, 0.1];
    const run = (r: typeof result, p: SelectionProfile) =>
      scoreResultUnits({ query, result: r, resultCount: 1, tokenScores, profile: p, similarity: flat });
    expect(run(split, profile)).not.toEqual(run(split, open));
    expect(Math.max(...run(split, profile))).toBeCloseTo(0.02 + (Math.max(...run(split, open)) - 0.02) * 0.25, 12);
    // The same cosines in one paragraph: through.
    expect(run(result, profile)).toEqual(run(result, open));
  });

  it("blends a set's only part longer than a passage by the document tier, keeping the model's scores", () => {
    // Every unit is "longer than a passage" at maxUnits 2: the document tier applies to a set of one part.
    const passage = { maxUnits: 2, maxResults: 5, blend: "rank" as const, weight: 0.6 };
    const document: SelectionProfile = { ...encoder, similarityPassage: passage, similarityDocument: { blend: "interleave", weight: 0.5 } };
    const plain = scoreResultUnits({
      query,
      result,
      resultCount: 1,
      tokenScores,
      profile: { ...encoder, similarityPassage: passage },
      similarity: cosines,
    });
    const turns = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: document, similarity: cosines });
    expect(turns).not.toEqual(plain);
    // The scores handed out are the model's own (interleave reorders them).
    const own = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: { ...encoder, similarityWeight: 0 } });
    expect([...turns].sort()).toEqual([...own].sort());
    // Two parts, or a query made of the result's title: the set's blend.
    expect(scoreResultUnits({ query, result, resultCount: 2, tokenScores, profile: document, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 2, tokenScores, profile: { ...encoder, similarityPassage: passage }, similarity: cosines }),
    );
    expect(scoreResultUnits({ query: "lumen bridge", result, resultCount: 1, tokenScores, profile: document, similarity: cosines })).toEqual(
      scoreResultUnits({
        query: "lumen bridge",
        result,
        resultCount: 1,
        tokenScores,
        profile: { ...encoder, similarityPassage: passage },
        similarity: cosines,
      }),
    );
  });
});

describe("selectWithProfile", () => {
  const unitScores = [[0.7, 0.3, 0.01, 0.015]];
  it("applies every selection setting of the profile, the threshold unless one is given", () => {
    const profile: SelectionProfile = { aggregation: "mean", threshold: 0.5, floor: 0.005, fallbackFloor: 0.2 };
    expect(selectWithProfile({ results: [result], unitScores, budget: 1000, profile })).toEqual(
      selectSpans({ results: [result], unitScores, budget: 1000, threshold: 0.5, floor: 0.005, fallbackFloor: 0.2 }),
    );
    // Budget-only (threshold 0): the calibrated floor lets the 0.01 and 0.015 units fill the budget.
    const budgetOnly = selectWithProfile({ results: [result], unitScores, budget: 1000, profile, threshold: 0 });
    expect(budgetOnly.results[0]!.keptUnits).toEqual([0, 1, 2, 3]);
    expect(selectWithProfile({ results: [result], unitScores, budget: 1000, profile: BASELINE_PROFILE }).results[0]!.keptUnits).toEqual([0, 1]);
  });
});
