import { describe, expect, it } from "vitest";
import { answerGateFactor, blendSimilarity, blendsSimilarity, SIMILARITY_MAX_UNITS, similarityBlendFor, unitParagraphs } from "./blend-similarity";

describe("blendSimilarity", () => {
  it("reorders units inside the result while the best score stays the model's", () => {
    const out = blendSimilarity([0.6, 0.5, 0.1], [0.1, 1, 0], 0.5);
    expect(Math.max(...out)).toBeCloseTo(0.6, 12);
    expect(out[1]!).toBeGreaterThan(out[0]!);
    expect(out[2]!).toBeLessThan(out[0]!);
  });
  it("is the model's scores at weight 0, with no similarity anywhere, or when the model scores nothing", () => {
    expect(blendSimilarity([0.6, 0.5], [1, 0], 0)).toEqual([0.6, 0.5]);
    expect(blendSimilarity([0.6, 0.5], [0, 0], 0.5)).toEqual([0.6, 0.5]);
    expect(blendSimilarity([0, 0], [1, 0], 0.5)).toEqual([0, 0]);
  });
  it("reads the similarity's scale relative to its own best", () => {
    expect(blendSimilarity([0.8, 0.4], [0.2, 0.4], 0.5)).toEqual(blendSimilarity([0.8, 0.4], [0.5, 1], 0.5));
  });
});

describe("blendSimilarity, scale", () => {
  it("reorders what the model keeps and never lifts a unit the model scored near 0", () => {
    // A caption the model scored 0.02 that resembles the query most: mixed in, it rises to half the best score;
    // scaled, it stays below every unit the model kept.
    const scores = [0.6, 0.5, 0.02];
    const similarity = [0, 0.9, 1];
    expect(blendSimilarity(scores, similarity, 0.5)[2]!).toBeGreaterThan(0.3);
    const scaled = blendSimilarity(scores, similarity, 0.5, "scale");
    expect(scaled[2]!).toBeLessThan(0.05);
    expect(scaled[1]!).toBeGreaterThan(scaled[0]!);
    expect(Math.max(...scaled)).toBeCloseTo(0.6, 12);
    expect(blendSimilarity(scores, similarity, 0, "scale")).toEqual(scores);
  });
});

describe("blendSimilarity, rank", () => {
  it("hands the model's own scores out in the blended order: which units change, how many pass a threshold does not", () => {
    const scores = [0.9, 0.6, 0.3, 0.05];
    const similarity = [0.1, 0.2, 1, 0];
    const ranked = blendSimilarity(scores, similarity, 0.6, "rank");
    expect([...ranked].sort((a, b) => b - a)).toEqual([...scores].sort((a, b) => b - a));
    expect(ranked[2]).toBe(0.9);
    expect(ranked.filter((s) => s >= 0.5)).toHaveLength(scores.filter((s) => s >= 0.5).length);
    expect(blendSimilarity(scores, similarity, 0, "rank")).toEqual(scores);
  });
  it("keeps the model's order where the blend ties", () => {
    expect(blendSimilarity([0.4, 0.8], [1, 1], 1, "rank")).toEqual([0.4, 0.8]);
  });
});

describe("blendSimilarity, interleave", () => {
  it("takes turns between the model's ranking and the similarity's, handing out the model's own scores", () => {
    // Model order 0, 1, 2, 3; similarity order 3, 2, 1, 0. At 0.5: model 0, similarity 3, model 1, similarity 2.
    const scores = [0.9, 0.7, 0.5, 0.3];
    const similarity = [0.1, 0.2, 0.3, 0.4];
    expect(blendSimilarity(scores, similarity, 0.5, "interleave")).toEqual([0.9, 0.5, 0.3, 0.7]);
    // A third of the turns, six units: model 0, similarity 5, model 1, model 2, similarity 4, model 3.
    const six = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4];
    expect(blendSimilarity(six, [0, 0.1, 0.2, 0.3, 0.4, 0.5], 1 / 3, "interleave")).toEqual([0.9, 0.7, 0.6, 0.4, 0.5, 0.8]);
    expect(blendSimilarity(scores, similarity, 1, "interleave")).toEqual([0.3, 0.5, 0.7, 0.9]);
  });
  it("skips a unit both rankings put first: the similarity's turn takes its next one", () => {
    // Both rank unit 0 first; the similarity's turn then takes unit 2, its second.
    expect(blendSimilarity([0.9, 0.7, 0.5], [1, 0.2, 0.5], 0.5, "interleave")).toEqual([0.9, 0.5, 0.7]);
    expect(blendSimilarity([0.9, 0.7, 0.5], [0.5, 0.5, 0.5], 0.5, "interleave")).toEqual([0.9, 0.7, 0.5]);
  });
});

describe("answerGateFactor", () => {
  it("scales a passage whose best cosine is under the gate, and nothing else", () => {
    const gate = { cosine: 0.4, scale: 0.25 };
    expect(answerGateFactor(gate, [0.1, 0.39, -0.2])).toBe(0.25);
    expect(answerGateFactor(gate, [0.1, 0.4])).toBe(1);
    expect(answerGateFactor(undefined, [0.1])).toBe(1);
    expect(answerGateFactor(gate, [])).toBe(1);
  });
});

describe("unitParagraphs", () => {
  it("counts a new paragraph where a newline lies between two units", () => {
    const text = "One. Two.\nThree.\n\nFour. Five.";
    const at = (s: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length });
    expect(unitParagraphs(text, [at("One."), at("Two."), at("Three."), at("Four."), at("Five.")])).toEqual([0, 0, 1, 2, 2]);
    expect(unitParagraphs(text, [])).toEqual([]);
  });
});

describe("blendsSimilarity", () => {
  it("blends results of 1 to SIMILARITY_MAX_UNITS units, or to the profile's own limit", () => {
    expect(blendsSimilarity(0)).toBe(false);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS)).toBe(true);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS + 1)).toBe(false);
    expect(blendsSimilarity(SIMILARITY_MAX_UNITS + 1, 400)).toBe(true);
    expect(blendsSimilarity(3, 2)).toBe(false);
  });
});

describe("similarityBlendFor", () => {
  const profile = {
    weight: 0.5,
    blend: "scale" as const,
    maxUnits: 1000,
    passage: { maxUnits: 40, blend: "mix" as const, weight: 0.6 },
  };
  it("blends a passage its own way and a longer result the profile's", () => {
    expect(similarityBlendFor(profile, 5, 1)).toEqual({ weight: 0.6, blend: "mix", passage: true });
    expect(similarityBlendFor(profile, 40, 1)).toEqual({ weight: 0.6, blend: "mix", passage: true });
    expect(similarityBlendFor(profile, 41, 1)).toEqual({ weight: 0.5, blend: "scale", passage: false });
  });
  it("blends a set's only part longer than a passage by the document tier, when the profile has one", () => {
    const withDocument = { ...profile, document: { blend: "interleave" as const, weight: 0.5 } };
    expect(similarityBlendFor(withDocument, 41, 1)).toEqual({ weight: 0.5, blend: "interleave", passage: false, document: true });
    expect(similarityBlendFor(withDocument, 5, 1)).toEqual({ weight: 0.6, blend: "mix", passage: true });
    expect(similarityBlendFor(withDocument, 41, 2)).toEqual({ weight: 0.5, blend: "scale", passage: false });
    expect(similarityBlendFor(withDocument, 1001, 1)).toBeUndefined();
    // A query made of the document's title: the set's tier.
    expect(similarityBlendFor(withDocument, 41, 1, true)).toEqual({ weight: 0.5, blend: "scale", passage: false });
    expect(similarityBlendFor({ ...profile, document: { blend: "rank" as const, weight: 0 } }, 41, 1)).toBeUndefined();
  });
  it("treats a result as a passage only in a set of at most maxResults results", () => {
    const few = { ...profile, passage: { ...profile.passage, maxResults: 5 } };
    expect(similarityBlendFor(few, 5, 5)).toMatchObject({ passage: true });
    expect(similarityBlendFor(few, 5, 6)).toEqual({ weight: 0.5, blend: "scale", passage: false });
  });
  it("blends nothing past maxUnits, without a stage or a weight, or for a passage weighted 0", () => {
    expect(similarityBlendFor(profile, 1001, 1)).toBeUndefined();
    expect(similarityBlendFor(undefined, 5, 1)).toBeUndefined();
    expect(similarityBlendFor({ ...profile, weight: 0 }, 5, 1)).toBeUndefined();
    expect(similarityBlendFor({ ...profile, passage: { ...profile.passage, weight: 0 } }, 5, 1)).toBeUndefined();
  });
  it("names the tier's encoder and context reading, for the server's similarity", () => {
    const tiers = {
      ...profile,
      passage: { ...profile.passage, encoder: "tuned" },
      document: { blend: "rank" as const, weight: 0.5, context: "max" as const },
    };
    expect(similarityBlendFor(tiers, 5, 1)).toMatchObject({ passage: true, encoder: "tuned" });
    expect(similarityBlendFor(tiers, 41, 1)).toEqual({ weight: 0.5, blend: "rank", passage: false, document: true, context: "max" });
  });
  it("keeps the older profiles' reading: mix by default, 12 units at most", () => {
    expect(similarityBlendFor({ weight: 0.3 }, 12, 3)).toEqual({ weight: 0.3, blend: "mix", passage: false });
    expect(similarityBlendFor({ weight: 0.3 }, 13, 3)).toBeUndefined();
  });
});
