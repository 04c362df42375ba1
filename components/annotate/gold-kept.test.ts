import { describe, expect, it } from "vitest";
import type { Selection } from "@/lib/engine/types";
import { computeQueryMetrics } from "@/lib/eval/compute-query-metrics";
import { computeGoldKept, goldKeptText, type GoldKeptSpan } from "./gold-kept";

function selection(spans: Record<string, [number, number][]>): Selection {
  return {
    results: Object.entries(spans).map(([resultId, list]) => ({
      resultId,
      spans: list.map(([start, end]) => ({ resultId, start, end, score: 1, text: "" })),
      snippet: "",
      keptUnits: [],
      tokensIn: 100,
      tokensOut: 10,
    })),
    tokensIn: 100,
    tokensOut: 10,
    keptUnits: 1,
    budget: 1000,
    threshold: 0.5,
  };
}

const gold: GoldKeptSpan[] = [
  { id: "a", documentId: "d1", start: 0, end: 100, category: "vital" }, // 95 chars kept: kept
  { id: "b", documentId: "d1", start: 200, end: 300, category: "vital" }, // 89 chars kept: dropped
  { id: "c", documentId: "d2", start: 10, end: 20, category: "vital" }, // across two kept spans: kept
  { id: "n", documentId: "d1", start: 400, end: 420, category: "ads" }, // noise: not counted
  { id: "e", documentId: "d2", start: 5, end: 5, category: "vital" }, // empty: not counted
];

describe("computeGoldKept", () => {
  const sel = selection({
    d1: [
      [5, 100],
      [211, 300],
    ],
    d2: [
      [10, 15],
      [15, 20],
    ],
  });

  it("marks each vital gold span kept when ≥ 90 % of its characters are kept", () => {
    const g = computeGoldKept(sel, gold);
    expect(Object.fromEntries(g.byId)).toEqual({ a: true, b: false, c: true });
    expect(g).toMatchObject({ total: 3, kept: 2 });
    expect(goldKeptText(g)).toBe("2 of 3 gold spans kept");
  });

  it("counts what the evaluation (computeQueryMetrics) counts for the same selection", () => {
    const vital = gold.filter((s) => s.category === "vital");
    const m = computeQueryMetrics({ selection: sel, evidence: vital.map((s) => ({ resultId: s.documentId, start: s.start, end: s.end })) });
    const g = computeGoldKept(sel, gold);
    expect([g.total, g.kept]).toEqual([m.evidenceTotal, m.evidenceKept]);
  });

  it("nothing kept: every gold span dropped; no vital gold: no text", () => {
    const g = computeGoldKept(selection({}), gold);
    expect(g.kept).toBe(0);
    expect(goldKeptText(g)).toBe("0 of 3 gold spans kept");
    expect(goldKeptText(computeGoldKept(sel, [gold[3]!]))).toBeNull();
    expect(goldKeptText(computeGoldKept(sel, [gold[0]!]))).toBe("1 of 1 gold span kept");
  });
});
