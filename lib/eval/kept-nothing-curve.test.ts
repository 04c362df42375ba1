import { describe, expect, it } from "vitest";
import type { EvalExample } from "../data/types";
import { createKeptNothingCurves, curveThresholds, exampleLanguage } from "./kept-nothing-curve";
import type { QueryMetrics } from "./types";

const example = (id: string, locale?: string): EvalExample => ({
  id,
  query: "q",
  results: [{ id: "r", text: "t", ...(locale ? { locale } : {}) }],
  evidence: [],
  group: id,
});
const metrics = (evidenceTotal: number, evidenceKept: number, tokensOut: number): QueryMetrics => ({
  evidenceTotal,
  evidenceKept,
  answerKept: null,
  tokensIn: 100,
  tokensOut,
  evidenceChars: evidenceTotal * 10,
  evidenceCharsKept: evidenceKept * 10,
  keptChars: tokensOut * 4,
});

describe("kept-nothing curves", () => {
  it("reads kept-nothing against answerable recall at each threshold, overall and per language", () => {
    const curves = createKeptNothingCurves();
    // Threshold 0.1: keeps something for every query; 0.5: keeps nothing for the unanswerable ones and loses recall.
    curves.add("m", 0.1, example("u-en"), metrics(0, 0, 20));
    curves.add("m", 0.1, example("a-en"), metrics(2, 2, 30));
    curves.add("m", 0.1, example("u-uk", "uk"), metrics(0, 0, 10));
    curves.add("m", 0.5, example("u-en"), metrics(0, 0, 0));
    curves.add("m", 0.5, example("a-en"), metrics(2, 1, 15));
    curves.add("m", 0.5, example("u-uk", "uk"), metrics(0, 0, 0));
    const c = curves.curve("m", 0.5)!;
    expect(c.defaultThreshold).toBe(0.5);
    expect(c.points.map((p) => [p.threshold, p.keptNothing, p.answerableRecall])).toEqual([
      [0.1, 0, 1],
      [0.5, 1, 0.5],
    ]);
    expect(c.points[0]).toMatchObject({ unanswerableQueries: 2, answerableQueries: 1, unanswerableTokens: 15 });
    expect(Object.keys(c.byLanguage)).toEqual(["en", "uk"]);
    // Ukrainian has no answerable query here: its recall is unknown, not 0.
    expect(c.byLanguage.uk!.map((p) => [p.keptNothing, p.answerableRecall])).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(curves.curve("other", 0.2)).toBeUndefined();
  });

  it("reads the grid and the method's default threshold, sorted, once each", () => {
    const t = curveThresholds(0.22);
    expect(t.filter((x) => x === 0.22)).toHaveLength(1);
    expect(curveThresholds(0.37)).toContain(0.37);
    expect([...t].sort((a, b) => a - b)).toEqual(t);
    expect(exampleLanguage(example("x"))).toBe("en");
    expect(exampleLanguage(example("x", "zh"))).toBe("zh");
  });
});
