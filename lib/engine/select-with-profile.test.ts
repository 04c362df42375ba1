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
