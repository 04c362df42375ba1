import { describe, expect, it } from "vitest";
import { modelConfigFileSchema } from "../model/model-config";
import { computeUnitScores } from "./compute-unit-scores";
import { resultFocus } from "./focus-terms";
import { prepareResult } from "./prepare-result";
import { calibratedSettings, type SelectionProfile, type SimilarityStage } from "./profile";
import { selectSpans } from "./select-spans";
import { BASELINE_PROFILE, scoreResultUnits, selectWithProfile, unitScoresOf } from "./select-with-profile";

const text = "Lumen Bridge spans the river. It was completed in 1911. Trams crossed it until 1960. Its lamps are gas lamps.";
const result = prepareResult({ id: "a", title: "Lumen Bridge", text });
const tokenScores = {
  starts: Int32Array.from(result.units.map((u) => u.start)),
  ends: Int32Array.from(result.units.map((u) => u.end)),
  probs: Float32Array.from([0.7, 0.3, 0.01, 0.015]),
};
const query = "When was Lumen Bridge completed?";

/** A profile by stage, the aggregation "mean" unless given. */
const profileOf = (
  units: Partial<SelectionProfile["units"]>,
  selection: SelectionProfile["selection"],
  similarity?: SimilarityStage,
): SelectionProfile => ({
  units: { aggregation: "mean", ...units },
  ...(similarity ? { similarity } : {}),
  selection,
});

describe("the selection profile", () => {
  it("is a model config's `profile`, read whole (older flat configs too)", () => {
    const config = modelConfigFileSchema.parse({ name: "m", threshold: 0.3, floor: 0.004, focusWeight: 0.5 });
    expect(config.profile).toEqual(profileOf({ focusWeight: 0.5 }, { threshold: 0.3, floor: 0.004 }));
    // A config without the optional settings: the engine's own (absent, not undefined-valued keys).
    expect(modelConfigFileSchema.parse({ name: "m" }).profile).toEqual(profileOf({}, { threshold: 0.5 }));
    expect(
      calibratedSettings(profileOf({ aggregation: "max", focusWeight: 0.5 }, { threshold: 0.3, fallbackFloor: 0.2, cutBestBelow: 0.5 })),
    ).toEqual({
      threshold: 0.3,
      fallbackFloor: 0.2,
    });
  });
});

describe("scoreResultUnits", () => {
  it("is the scorer's formula with the profile's aggregation and focus weight (a request's aggregation wins)", () => {
    const profile = profileOf({ focusWeight: 0.5 }, { threshold: 0.2 });
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

  it("is the unit stage of a token model's evidence; a unit scorer's scores pass as they are", () => {
    const profile = profileOf({ focusWeight: 0.5 }, { threshold: 0.2 });
    const evidence = { tokenScores: [tokenScores], parts: 1 };
    expect(unitScoresOf({ evidence, query, results: [result], profile })).toEqual([
      scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile }),
    ]);
    expect(unitScoresOf({ evidence: { unitScores: [[0.1, 0.2, 0.3, 0.4]] }, query, results: [result], profile })).toEqual([[0.1, 0.2, 0.3, 0.4]]);
  });
});

describe("scoreResultUnits with a similarity", () => {
  const similarity = [0, 0.2, 1, 0];
  it("blends it in at the stage's weight for a result of at most its maxUnits units (default 12)", () => {
    const profile = profileOf({}, { threshold: 0.2 }, { weight: 0.5 });
    const plain = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: profileOf({}, { threshold: 0.2 }) });
    const blended = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile, similarity });
    expect(blended[2]!).toBeGreaterThan(plain[2]!);
    expect(Math.max(...blended)).toBeCloseTo(Math.max(...plain), 12);
    // Four units: over a limit of 3 the model's scores stand.
    const capped = profileOf({}, { threshold: 0.2 }, { weight: 0.5, maxUnits: 3 });
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: capped, similarity })).toEqual(plain);
    // The unit stage blends a token model's evidence with its similarity the same way.
    expect(unitScoresOf({ evidence: { tokenScores: [tokenScores], similarity: [similarity], parts: 1 }, query, results: [result], profile })).toEqual(
      [blended],
    );
  });
});

describe("scoreResultUnits with the sentence encoder's cosines", () => {
  const cosines = [0.1, 0.18, 0.42, 0.1];
  const stage: SimilarityStage = { weight: 0.5, source: "sentence-encoder" };
  const encoder = profileOf({}, { threshold: 0.2, fallbackFloor: 0.3 }, stage);
  /** The encoder's profile with these similarity settings. */
  const withStage = (similarity: Partial<SimilarityStage>): SelectionProfile => ({ ...encoder, similarity: { ...stage, ...similarity } });
  it("blends the cosines rescaled within the result (the word vectors' coverage as it is)", () => {
    const rescaled = [0, 0.25, 1, 0];
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: encoder, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: withStage({ source: undefined }), similarity: rescaled }),
    );
  });

  it("scales a passage whose best cosine is under the answer gate, so the default threshold keeps nothing of it", () => {
    const gate = { cosine: 0.5, scale: 0.25 };
    const tier = { maxUnits: 40, maxResults: 5, blend: "rank" as const, weight: 0.6 };
    const open = withStage({ passage: tier });
    const gated = withStage({ passage: { ...tier, gate } });
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
    const words = withStage({ source: "word-vectors", passage: { ...tier, gate } });
    expect(scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: words, similarity: cosines })).toEqual(
      scoreResultUnits({
        query,
        result,
        resultCount: 1,
        tokenScores,
        profile: withStage({ source: "word-vectors", passage: tier }),
        similarity: cosines,
      }),
    );
    // The selection floor the gate scales above is the profile's.
    const floored: SelectionProfile = { ...gated, selection: { ...gated.selection, floor: 0.002 } };
    const low = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: floored, similarity: cosines });
    low.forEach((s, i) => expect(s).toBeCloseTo(before[i]! > 0.002 ? 0.002 + (before[i]! - 0.002) * 0.25 : before[i]!, 12));
  });

  it("blends a set's only part longer than a passage by the document tier, keeping the model's scores", () => {
    // Every unit is "longer than a passage" at maxUnits 2: the document tier applies to a set of one part.
    const passage = { maxUnits: 2, maxResults: 5, blend: "rank" as const, weight: 0.6 };
    const document = withStage({ passage, document: { blend: "interleave", weight: 0.5 } });
    const plain = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: withStage({ passage }), similarity: cosines });
    const turns = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: document, similarity: cosines });
    expect(turns).not.toEqual(plain);
    // The scores handed out are the model's own (interleave reorders them).
    const own = scoreResultUnits({ query, result, resultCount: 1, tokenScores, profile: withStage({ weight: 0 }) });
    expect([...turns].sort()).toEqual([...own].sort());
    // Two parts, or a query made of the result's title: the set's blend.
    expect(scoreResultUnits({ query, result, resultCount: 2, tokenScores, profile: document, similarity: cosines })).toEqual(
      scoreResultUnits({ query, result, resultCount: 2, tokenScores, profile: withStage({ passage }), similarity: cosines }),
    );
    expect(scoreResultUnits({ query: "lumen bridge", result, resultCount: 1, tokenScores, profile: document, similarity: cosines })).toEqual(
      scoreResultUnits({
        query: "lumen bridge",
        result,
        resultCount: 1,
        tokenScores,
        profile: withStage({ passage }),
        similarity: cosines,
      }),
    );
  });
});

describe("selectWithProfile", () => {
  const unitScores = [[0.7, 0.3, 0.01, 0.015]];
  it("applies every selection setting of the profile, the threshold unless one is given", () => {
    const profile = profileOf({}, { threshold: 0.5, floor: 0.005, fallbackFloor: 0.2 });
    expect(selectWithProfile({ results: [result], unitScores, budget: 1000, profile })).toEqual(
      selectSpans({ results: [result], unitScores, budget: 1000, threshold: 0.5, floor: 0.005, fallbackFloor: 0.2 }),
    );
    // Budget-only (threshold 0): the calibrated floor lets the 0.01 and 0.015 units fill the budget.
    const budgetOnly = selectWithProfile({ results: [result], unitScores, budget: 1000, profile, threshold: 0 });
    expect(budgetOnly.results[0]!.keptUnits).toEqual([0, 1, 2, 3]);
    expect(selectWithProfile({ results: [result], unitScores, budget: 1000, profile: BASELINE_PROFILE }).results[0]!.keptUnits).toEqual([0, 1]);
  });
});
