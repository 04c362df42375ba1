import { describe, expect, it } from "vitest";
import { computeQueryMetrics } from "./compute-query-metrics";
import { normalizeAnswer } from "./normalize-answer";
import { parseSweep } from "./parse-sweep";
import type { Selection } from "../engine/types";
import { computeReliability } from "./reliability";
import { summarizeQueryMetrics } from "./summarize-query-metrics";

describe("parseSweep", () => {
  it("parses lists and inclusive ranges", () => {
    expect(parseSweep("0.1,0.2, 0.3")).toEqual([0.1, 0.2, 0.3]);
    expect(parseSweep("0:1:0.25")).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(parseSweep("0:1:0.05")).toHaveLength(21);
    expect(parseSweep("0:1:0.05")[6]).toBe(0.3);
    expect(parseSweep("200,inf")).toEqual([200, Infinity]);
    expect(() => parseSweep("a")).toThrow(/not a number/);
    expect(() => parseSweep("0:1")).toThrow(/start:end:step/);
    expect(() => parseSweep("0:1:0")).toThrow(/step/);
  });
});

describe("computeQueryMetrics", () => {
  const selection = (spans: [number, number, string][]): Selection => ({
    results: [
      {
        resultId: "r",
        spans: spans.map(([start, end, text]) => ({ resultId: "r", start, end, score: 1, text })),
        snippet: "",
        keptUnits: [],
        tokensIn: 100,
        tokensOut: 10,
      },
    ],
    tokensIn: 100,
    tokensOut: 10,
    keptUnits: 1,
    budget: 10,
    threshold: 0,
  });

  it("counts evidence kept at ≥ 90% of its characters", () => {
    const ev = [
      { resultId: "r", start: 0, end: 100 },
      { resultId: "r", start: 200, end: 300 },
      { resultId: "x", start: 0, end: 10 },
    ];
    const m = computeQueryMetrics({
      selection: selection([
        [5, 100, "x"],
        [200, 280, "y"],
      ]),
      evidence: ev,
    });
    expect(m).toMatchObject({ evidenceTotal: 3, evidenceKept: 1, answerKept: null, tokensOut: 10 });
  });

  it("matches answers case- and punctuation-insensitively on word boundaries", () => {
    const sel = selection([[0, 10, "It cost 12 Euros, in 1998."]]);
    expect(computeQueryMetrics({ selection: sel, evidence: [], answers: ["12 euros"] }).answerKept).toBe(true);
    expect(computeQueryMetrics({ selection: sel, evidence: [], answers: ["99"] }).answerKept).toBe(false);
    expect(computeQueryMetrics({ selection: sel, evidence: [], answers: ["199"] }).answerKept).toBe(false);
    expect(normalizeAnswer("Émile  Zola!")).toBe(" emile zola ");
  });
});

describe("character-level, category and unanswerable figures", () => {
  const sel = (spans: [number, number][], tokensOut = 10): Selection => ({
    results: [
      {
        resultId: "r",
        spans: spans.map(([start, end]) => ({ resultId: "r", start, end, score: 1, text: "x" })),
        snippet: "",
        keptUnits: [],
        tokensIn: 100,
        tokensOut,
      },
    ],
    tokensIn: 100,
    tokensOut,
    keptUnits: spans.length,
    budget: 100,
    threshold: 0,
  });

  it("measures kept precision and evidence character recall", () => {
    const m = computeQueryMetrics({
      selection: sel([
        [0, 50],
        [100, 150],
      ]),
      evidence: [{ resultId: "r", start: 25, end: 125 }],
    });
    expect(m).toMatchObject({ evidenceChars: 100, evidenceCharsKept: 50, keptChars: 100 });
    const row = summarizeQueryMetrics([m]);
    expect(row.evidenceCharRecall).toBe(0.5);
    expect(row.keptPrecision).toBe(0.5);
  });

  it("reports per-category kept shares and the model's agreement", () => {
    const tokenScores = new Map([
      [
        "r",
        {
          starts: Int32Array.from([0, 10, 20, 30]),
          ends: Int32Array.from([5, 15, 25, 35]),
          probs: new Float32Array(4),
          categories: Uint8Array.from([4, 4, 0, 1]),
        },
      ],
    ]);
    const m = computeQueryMetrics({
      selection: sel([[20, 40]]),
      evidence: [{ resultId: "r", start: 20, end: 40 }],
      categories: [
        { resultId: "r", start: 0, end: 20, category: "ui_navigation" },
        { resultId: "r", start: 20, end: 40, category: "vital" },
      ],
      tokenScores,
    });
    const row = summarizeQueryMetrics([m]);
    expect(row.categories?.ui_navigation).toEqual({ chars: 20, keptShare: 0, modelAgreement: 1 });
    expect(row.categories?.vital).toEqual({ chars: 20, keptShare: 1, modelAgreement: 0.5 });
  });

  it("counts queries without evidence apart: kept nothing, or the tokens wasted", () => {
    const none = computeQueryMetrics({ selection: sel([], 0), evidence: [] });
    const some = computeQueryMetrics({ selection: sel([[0, 10]], 30), evidence: [] });
    const answered = computeQueryMetrics({ selection: sel([[0, 10]]), evidence: [{ resultId: "r", start: 0, end: 10 }] });
    const row = summarizeQueryMetrics([none, some, answered]);
    expect(row.unanswerable).toEqual({ queries: 2, keptNothing: 0.5, tokensPerQuery: 15 });
    expect(row.evidenceRecall).toBe(1);
  });
});

describe("computeReliability", () => {
  it("bins scores and computes the expected calibration error", () => {
    const r = computeReliability([
      [0.05, false],
      [0.05, false],
      [0.95, true],
      [0.95, false],
    ]);
    expect(r.bins[0]).toMatchObject({ count: 2, meanScore: 0.05, positiveShare: 0 });
    expect(r.bins[9]).toMatchObject({ count: 2, positiveShare: 0.5 });
    expect(r.ece).toBeCloseTo((2 * 0.05 + 2 * 0.45) / 4, 4);
  });
});
