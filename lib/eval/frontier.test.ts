import { describe, expect, it } from "vitest";
import type { EvalExample } from "../data/types";
import { prepareResult } from "../engine/prepare-result";
import { availableMeasures, formatSetting, frontierSeries, isFrontierMeasure, KEPT_NOTHING_MEASURE, measureOf, paretoFront } from "./frontier";
import { formatSweep, parseSweep } from "./parse-sweep";
import { frontierRowsToCsv } from "./research-csv";
import { runEval } from "./run-eval";

// A sweep computed by hand: two queries, fixed unit scores, tokens = words (so every figure can be checked on paper).
const words = (t: string) => (t.trim() ? t.trim().split(/\s+/).length : 0);
const A = "Alpha one two. Beta three four five. Gamma six.";
const B = "Delta seven. Epsilon eight nine.";
const examples: EvalExample[] = [
  {
    id: "a",
    query: "q",
    results: [{ id: "a0", text: A }],
    evidence: [{ resultId: "a0", start: A.indexOf("Beta"), end: A.indexOf("five.") + 5 }],
    group: "a",
  },
  { id: "b", query: "q", results: [{ id: "b0", text: B }], evidence: [{ resultId: "b0", start: 0, end: "Delta seven.".length }], group: "b" },
];
const SCORES: Record<string, number[][]> = { a: [[0.9, 0.2, 0.6]], b: [[0.3, 0.8]] };
const fixed = { name: "fixed", score: async (ex: EvalExample) => ({ unitScores: SCORES[ex.id]! }) };

async function sweep() {
  return runEval({
    dataset: "hand",
    examples,
    methods: [fixed],
    thresholds: [0.1, 0.5, 0.7],
    budgets: [4, 7],
    prepareResults: (ex) => ex.results.map((r) => prepareResult({ ...r, countTokens: words })),
  });
}

describe("a sweep, by hand", () => {
  it("gives the rows worked out on paper", async () => {
    const report = await sweep();
    const row = (key: "threshold" | "budget", value: number) => report.results.find((r) => r[key] === value)!;
    // A: units of 3, 4, 2 tokens scored 0.9, 0.2, 0.6 (evidence: the 2nd); B: 2, 3 tokens scored 0.3, 0.8 (evidence: the 1st).
    // Threshold 0.1 keeps everything: 9 and 5 tokens, both evidence spans.
    expect(row("threshold", 0.1)).toMatchObject({ evidenceRecall: 1, allEvidenceKept: 1, tokensPerQuery: 7, compressionRatio: 1 });
    // 0.5: A keeps units 1 and 3 (5 tokens), B unit 2 (3 tokens); no evidence.
    expect(row("threshold", 0.5)).toMatchObject({
      evidenceRecall: 0,
      tokensPerQuery: 4,
      compressionRatio: Math.round(((5 / 9 + 3 / 5) / 2) * 1e4) / 1e4,
    });
    // 0.7: A unit 1 (3), B unit 2 (3).
    expect(row("threshold", 0.7)).toMatchObject({ evidenceRecall: 0, tokensPerQuery: 3 });
    // Budget 4 (threshold 0), best first: A takes unit 1 (3; unit 3 would make 5), B unit 2 (3; unit 1 would make 5).
    expect(row("budget", 4)).toMatchObject({ evidenceRecall: 0, tokensPerQuery: 3 });
    // Budget 7: A units 1 and 3 (5; unit 2 would make 9), B both units (5): B's evidence is kept.
    expect(row("budget", 7)).toMatchObject({ evidenceRecall: 0.5, allEvidenceKept: 0.5, tokensPerQuery: 5 });
  });

  it("makes one series per method with its Pareto front", async () => {
    const report = await sweep();
    const [s] = frontierSeries(report.results, ["fixed"], "evidenceRecall");
    expect(s!.points.map((p) => [p.setting.kind, p.setting.value, p.x, p.y])).toEqual([
      ["threshold", 0.1, 7, 1],
      ["threshold", 0.5, 4, 0],
      ["threshold", 0.7, 3, 0],
      ["budget", 4, 3, 0],
      ["budget", 7, 5, 0.5],
    ]);
    // Fewer tokens and more kept: 3 tokens/0 (threshold 0.7, the first of the two equal points), 5/0.5, 7/1.
    expect(s!.front.map((p) => formatSetting(p.setting))).toEqual(["threshold 0.70", "budget 7 tokens", "threshold 0.10"]);
    expect(s!.points.filter((p) => p.pareto)).toHaveLength(3);
    expect(frontierRowsToCsv(report.results).split("\n")[0]).toBe(
      "method,setting,value,tokensPerQuery,evidenceRecall,allEvidenceKept,answerKept,evidenceCharRecall,keptPrecision,compressionRatio",
    );
    // runEval orders budgets before thresholds. Budget 7: char recall (0 + 1) / 2; kept precision (0 + 12/32) / 2 (B keeps
    // "Delta seven. Epsilon eight nine.", 32 characters, 12 of them evidence); compression (5/9 + 5/5) / 2.
    expect(frontierRowsToCsv(report.results).split("\n")[2]).toBe("fixed,budget,7,5,0.5,0.5,,0.5,0.1875,0.7778");
    // With a sweep's intervals: each point's 95 % interval over pairs after the figures.
    const withIntervals = frontierRowsToCsv(report.results, { "fixed|budget|7": { evidenceRecall: { lo: 0, hi: 1 } } }).split("\n");
    expect(withIntervals[0]).toMatch(/,compressionRatio,evidenceRecall_lo,evidenceRecall_hi,allEvidenceKept_lo,.*,tokensPerQuery_hi$/);
    expect(withIntervals[2]).toBe("fixed,budget,7,5,0.5,0.5,,0.5,0.1875,0.7778,0,1,,,,,,,,");
  });
});

describe("frontier helpers", () => {
  it("paretoFront keeps the points nothing beats", () => {
    const pts = [
      { x: 10, y: 0.5 },
      { x: 5, y: 0.5 },
      { x: 20, y: 0.9 },
      { x: 15, y: 0.4 },
      { x: 1, y: 0.1 },
    ];
    expect(paretoFront(pts)).toEqual([4, 1, 2]);
    expect(paretoFront([])).toEqual([]);
  });

  it("reads measures, categories included", () => {
    const row = {
      method: "m",
      threshold: 0.5,
      evidenceRecall: 0.5,
      allEvidenceKept: 0.25,
      answerKept: null,
      tokensPerQuery: 10,
      compressionRatio: 0.2,
      evidenceCharRecall: 0.6,
      keptPrecision: 0.3,
      categories: { vital: { chars: 10, keptShare: 0.8 } },
    };
    expect(measureOf(row, "category:vital")).toBe(0.8);
    expect(measureOf(row, "category:ads")).toBeNull();
    expect(measureOf(row, "answerKept")).toBeNull();
    expect(availableMeasures([row])).toEqual(["evidenceRecall", "allEvidenceKept", "evidenceCharRecall", "category:vital"]);
    expect(isFrontierMeasure("category:vital")).toBe(true);
    expect(isFrontierMeasure("category:spam")).toBe(false);
  });

  it("plots and writes the pairs with nothing vital beside recall", async () => {
    // Two more queries whose gold has nothing vital: recall leaves them out, "kept nothing" is their figure. C's best
    // unit (0.6) is kept at both thresholds (passing 0.5, as the fallback at 0.7: 2 tokens); D scores nothing above 0,
    // so nothing is kept.
    const C = "Zeta ten. Eta eleven twelve.";
    const unscored: Record<string, number[][]> = { c: [[0.6, 0.1]], d: [[0, 0]] };
    const report = await runEval({
      dataset: "hand",
      examples: [...examples, ...["c", "d"].map((id) => ({ id, query: "q", results: [{ id: `${id}0`, text: C }], evidence: [], group: id }))],
      methods: [
        {
          name: "fixed",
          score: async (ex: EvalExample) => ({ unitScores: unscored[ex.id] ?? SCORES[ex.id]! }),
        },
      ],
      thresholds: [0.5, 0.7],
      budgets: [],
      prepareResults: (ex) => ex.results.map((r) => prepareResult({ ...r, countTokens: words })),
    });
    expect(availableMeasures(report.results)).toContain(KEPT_NOTHING_MEASURE);
    expect(availableMeasures(report.results.map(({ unanswerable: _, ...r }) => r))).not.toContain(KEPT_NOTHING_MEASURE);
    expect(isFrontierMeasure(KEPT_NOTHING_MEASURE)).toBe(true);
    const [s] = frontierSeries(report.results, ["fixed"], KEPT_NOTHING_MEASURE);
    expect(s!.points.map((p) => [p.setting.value, p.y])).toEqual([
      [0.5, 0.5],
      [0.7, 0.5],
    ]);
    // Recall is still over the two answerable queries (A and B), as before.
    expect(report.results.find((r) => r.threshold === 0.5)!.evidenceRecall).toBe(0);
    const lines = frontierRowsToCsv(report.results).trim().split("\n");
    const header = lines[0]!.split(",");
    expect(header.slice(10, 13)).toEqual(["unanswerableQueries", "unanswerableKeptNothing", "unanswerableTokensPerQuery"]);
    const at = (value: string) =>
      lines
        .find((l) => l.startsWith(`fixed,threshold,${value},`))!
        .split(",")
        .slice(10, 13);
    expect(at("0.5")).toEqual(["2", "0.5", "1"]);
    expect(at("0.7")).toEqual(["2", "0.5", "1"]);
  });

  it("formatSweep writes ranges parseSweep reads back", () => {
    const t = parseSweep("0:1:0.05");
    expect(formatSweep(t)).toBe("0:1:0.05");
    expect(parseSweep(formatSweep([100, 250, 500, 1000]))).toEqual([100, 250, 500, 1000]);
    expect(formatSweep([0.1, 0.2, 0.3])).toBe("0.1:0.3:0.1");
  });
});
