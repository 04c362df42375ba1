import { describe, expect, it } from "vitest";
import { frontierSeries } from "@/lib/eval/frontier";
import type { EvalRow } from "@/lib/eval/types";
import type { FrontierMethodInfo } from "@/lib/schemas/research";
import { boxesOverlap, labelBox, labelsOverlap } from "@/lib/eval/place-labels";
import {
  defaultShownMethods,
  layoutFrontierLabels,
  MARK_LABEL_SIZE,
  intervalsShown,
  shortMethodName,
  shownMethods,
  unanswerableByPoint,
  unanswerablePairs,
} from "./frontier-display";

const row = (method: string, setting: { threshold: number } | { budget: number }, y: number, unanswerable?: EvalRow["unanswerable"]): EvalRow => ({
  method,
  ...setting,
  evidenceRecall: y,
  allEvidenceKept: y,
  answerKept: null,
  tokensPerQuery: 100,
  compressionRatio: 0.5,
  evidenceCharRecall: y,
  keptPrecision: 0.5,
  ...(unanswerable ? { unanswerable } : {}),
});

// The case: 7 methods (three models, three baselines and the oracle), each with budget points.
const METHODS: FrontierMethodInfo[] = [
  { method: "model:snippet-lab", label: "snippet-lab (default)", kind: "model", defaultThreshold: 0.22 },
  { method: "model:snippet-lab-teacher", label: "snippet-lab-teacher", kind: "model", defaultThreshold: 0.18 },
  { method: "model:snippet-mini", label: "snippet-mini", kind: "model", defaultThreshold: 0.1 },
  { method: "bm25", label: "BM25 (baseline)", kind: "baseline" },
  { method: "lead", label: "Lead sentences (baseline)", kind: "baseline" },
  { method: "embedding", label: "Word-vector similarity (baseline)", kind: "baseline" },
  { method: "oracle", label: "Oracle (upper bound: keeps the gold evidence)", kind: "baseline" },
];
const Y: Record<string, number> = {
  "model:snippet-lab": 0.8,
  "model:snippet-lab-teacher": 0.78,
  "model:snippet-mini": 0.6,
  bm25: 0.5,
  lead: 0.2,
  embedding: 0.55,
  oracle: 1,
};
const rows = METHODS.flatMap((m) => [row(m.method, { budget: 1000 }, Y[m.method]!), row(m.method, { budget: 4000 }, Y[m.method]! + 0.05)]);
const series = frontierSeries(
  rows,
  METHODS.map((m) => m.method),
  "evidenceRecall",
);

describe("frontier display", () => {
  it("names each method shortly on its labels", () => {
    expect(METHODS.map(shortMethodName)).toEqual(["snippet-lab", "snippet-lab-teacher", "snippet-mini", "BM25", "Lead", "Word-vector", "Oracle"]);
    expect(shortMethodName({ method: "hybrid", label: "Hybrid: model filter, then LLM extract" })).toBe("Hybrid");
  });

  it("opens on the models and the best baseline when many methods were swept (never the oracle as a baseline)", () => {
    expect(defaultShownMethods({ methods: METHODS, series })).toEqual([
      "model:snippet-lab",
      "model:snippet-lab-teacher",
      "model:snippet-mini",
      "embedding",
    ]);
  });

  it("opens on every drawable method when there are few; a failed or empty method is left out", () => {
    const few = METHODS.filter((m) => ["model:snippet-lab", "bm25", "lead"].includes(m.method));
    expect(defaultShownMethods({ methods: few, series })).toEqual(["model:snippet-lab", "bm25", "lead"]);
    const failed = [...few, { method: "llm-extract", label: "LLM extract", kind: "llm" as const, error: "no judge" }];
    expect(defaultShownMethods({ methods: failed, series })).toEqual(["model:snippet-lab", "bm25", "lead"]);
  });

  it("keeps the reader's picks in the sweep's order, dropping methods no longer in it", () => {
    const available = ["a", "b", "c"];
    expect(shownMethods({ picked: null, available, fallback: ["a"] })).toEqual(["a"]);
    expect(shownMethods({ picked: ["c", "a", "gone"], available, fallback: ["a"] })).toEqual(["a", "c"]);
    expect(shownMethods({ picked: [], available, fallback: ["a"] })).toEqual([]);
  });

  it("draws intervals by default only for a few methods, and as the reader says otherwise", () => {
    expect(intervalsShown(null, 3)).toBe(true);
    expect(intervalsShown(null, 4)).toBe(false);
    expect(intervalsShown(true, 7)).toBe(true);
    expect(intervalsShown(false, 1)).toBe(false);
  });

  it("counts the pairs with nothing vital and keys each point's figures on them", () => {
    const u = { queries: 2, keptNothing: 0.5, tokensPerQuery: 12 };
    const withU = [row("bm25", { threshold: 0.3 }, 0.4, u), row("bm25", { budget: 1000 }, 0.5, { ...u, keptNothing: 0 })];
    expect(unanswerablePairs(withU)).toBe(2);
    expect(unanswerablePairs(rows)).toBe(0);
    const byPoint = unanswerableByPoint(withU);
    expect(byPoint.get("bm25|threshold|0.3")).toEqual(u);
    expect(byPoint.get("bm25|budget|1000")?.keptNothing).toBe(0);
    expect(byPoint.size).toBe(2);
  });
});

describe("frontier labels", () => {
  const bounds = { x0: 76, y0: 16, x1: 936, y1: 461 };

  it("ties every label to one method: its short name first, never merged with another method's, never stacked", () => {
    // Every method reaches medium and high at the plot's top-right corner (a small dataset: both keep everything), and
    // low a little below, several within a few pixels of each other.
    const marks = METHODS.flatMap((m, i) => [
      { x: 936, y: 16, mark: "medium", method: m.method, prefix: shortMethodName(m) },
      { x: 936, y: 16, mark: "high", method: m.method, prefix: shortMethodName(m) },
      { x: 700 + i * 3, y: 60 + (i % 2) * 2, mark: "low", method: m.method, prefix: shortMethodName(m) },
    ]);
    const placed = layoutFrontierLabels({ marks, markers: [], bounds });
    expect(placed).toHaveLength(METHODS.length * 2);
    for (const l of placed) {
      const m = METHODS.find((x) => x.method === l.group)!;
      expect(l.text.startsWith(`${shortMethodName(m)} `), l.text).toBe(true);
    }
    expect(placed.filter((l) => l.text.endsWith(" medium/high"))).toHaveLength(METHODS.length);
    expect(labelsOverlap(placed, MARK_LABEL_SIZE)).toBe(false);
    for (const l of placed) {
      const b = labelBox(l, MARK_LABEL_SIZE);
      expect(b.x0 >= bounds.x0 && b.x1 <= bounds.x1 && b.y0 >= bounds.y0 && b.y1 <= bounds.y1, l.text).toBe(true);
    }
  });

  it("keeps labels off other methods' markers where there is room", () => {
    // A marker of another method right where the label would go first (above right of the point).
    const marker = { x0: 306, y0: 280, x1: 380, y1: 294 };
    const [l] = layoutFrontierLabels({ marks: [{ x: 300, y: 300, mark: "default", method: "bm25", prefix: "BM25" }], markers: [marker], bounds });
    expect(boxesOverlap(labelBox(l!, MARK_LABEL_SIZE), marker)).toBe(false);
    expect(l!.text).toBe("BM25 default");
  });
});
