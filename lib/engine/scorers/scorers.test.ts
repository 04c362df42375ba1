import { describe, expect, it } from "vitest";
import { prepareResult } from "../prepare-result";
import { createBm25Scorer } from "./bm25";
import { createLeadScorer } from "./lead";
import { createOracleScorer } from "./oracle";
import { tokenizeTerms } from "./tokenize-terms";

const results = [
  prepareResult({ id: "a", text: "Paris is the capital of France. The Seine flows through it. Many tourists visit." }),
  prepareResult({ id: "b", text: "Berlin is in Germany. Rivers in Germany include the Rhine." }),
];

describe("tokenizeTerms", () => {
  it("lowercases, splits on non-letters and strips light suffixes", () => {
    expect(tokenizeTerms("The Rivers of Ünterwald, founded 1291!")).toEqual(["the", "river", "of", "ünterwald", "found", "1291"]);
  });
  it("turns CJK runs into bigrams", () => {
    expect(tokenizeTerms("東京都 iPhone手机")).toEqual(["東京", "京都", "iphone", "手机"]);
    expect(tokenizeTerms("字")).toEqual(["字"]);
  });
  it("gives the same terms once its word cache is full and emptied (more distinct words than it holds)", () => {
    const text = "The Rivers of Ünterwald, founded 1291! 東京都 iPhone手机";
    const first = tokenizeTerms(text);
    for (let i = 0; i < 60_000; i++) tokenizeTerms(`rivers${i}x founded${i}`);
    expect(tokenizeTerms(text)).toEqual(first);
    expect(tokenizeTerms("rivers59999x foundings")).toEqual(["rivers59999x", "founding"]);
  });
});

describe("baseline scorers", () => {
  it("bm25 ranks the matching unit first, normalised to [0, 1]", async () => {
    const { unitScores } = await createBm25Scorer().scoreUnits({ query: "Which river flows through Paris?", results, aggregation: "mean" });
    const flat = unitScores.flat();
    expect(Math.max(...flat)).toBe(1);
    expect(Math.min(...flat)).toBe(0);
    expect(unitScores[0]![1]).toBe(1); // "The Seine flows through it." (flows + through)
    expect(unitScores[0]![2]).toBe(0);
  });

  it("bm25 gives all zeros when nothing matches", async () => {
    const { unitScores } = await createBm25Scorer().scoreUnits({ query: "zzz", results, aggregation: "mean" });
    expect(unitScores.flat().every((s) => s === 0)).toBe(true);
  });

  it("lead decreases with position in each result", async () => {
    const { unitScores } = await createLeadScorer().scoreUnits({ query: "", results, aggregation: "mean" });
    expect(unitScores[0]).toEqual([1, 1 / 2, 1 / 3]);
    expect(unitScores[1]).toEqual([1, 1 / 2]);
  });

  it("oracle scores 1 on units overlapping evidence", async () => {
    const oracle = createOracleScorer({ evidence: new Map([["b", [{ start: 25, end: 30 }]]]) });
    const { unitScores } = await oracle.scoreUnits({ query: "", results, aggregation: "mean" });
    expect(unitScores[1]![1]).toBe(1);
    expect(unitScores[1]![0]).toBeLessThan(0.02);
    expect(unitScores[0]!.every((s) => s < 0.02)).toBe(true);
  });
});
