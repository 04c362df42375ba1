import { describe, expect, it } from "vitest";
import { computeQueryMetrics } from "./compute-query-metrics";
import { normalizeAnswer } from "./normalize-answer";
import { parseSweep } from "./parse-sweep";
import type { Selection } from "../engine/types";

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
    results: [{ resultId: "r", spans: spans.map(([start, end, text]) => ({ resultId: "r", start, end, score: 1, text })), snippet: "", keptUnits: [], tokensIn: 100, tokensOut: 10 }],
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
    const m = computeQueryMetrics({ selection: selection([[5, 100, "x"], [200, 280, "y"]]), evidence: ev });
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
