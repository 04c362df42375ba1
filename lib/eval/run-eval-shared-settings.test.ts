import { describe, expect, it } from "vitest";
import type { EvalExample } from "../data/types";
import { createRng } from "../data/synthesize-page";
import { BASELINE_PROFILE, LLM_PROFILE, selectWithProfile } from "../engine/select-with-profile";
import type { LlmExtract, PreparedResult, Scorer, TokenScores, UnitScores } from "../engine/types";
import type { SelectionProfile } from "../engine/profile";
import { SPAN_CATEGORIES } from "../spans/categories";
import { computeQueryMetrics } from "./compute-query-metrics";
import { type EvalMethod, type EvalSetting, MAX_FIDELITY_REPORTS, prepareEvalResults, runEval } from "./run-eval";
import { selectionFidelity } from "../engine/fidelity/selection-fidelity";
import { summarizeQueryMetrics } from "./summarize-query-metrics";
import type { EvalRow, FidelityViolationReport, QueryMetrics } from "./types";

// runEval measures each distinct choice of units once per query and method (neighbouring thresholds often keep the
// same units): its figures must be those of selecting, checking and measuring every setting on its own.

const SENTENCES = [
  "The plant made 1,200 units in 2019.",
  "It did not close in March.",
  "Then Maria Rossi took over the line.",
  "Output rose to 3.5 million by Friday.",
  "Nobody expected the 12 new hires.",
  "The report was never published.",
  "Costs fell 7% in the second half.",
  "Paolo Bianchi signed the deal on Monday.",
];

function syntheticExample(id: number, r: () => number): EvalExample {
  const results = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => ({
    id: `p${id}-r${k}`,
    text: Array.from({ length: 3 + Math.floor(r() * 8) }, () => SENTENCES[Math.floor(r() * SENTENCES.length)]!).join(" "),
  }));
  const spans = (n: number) =>
    Array.from({ length: n }, () => {
      const res = results[Math.floor(r() * results.length)]!;
      const start = Math.floor(r() * (res.text.length - 20));
      return { resultId: res.id, start, end: start + 5 + Math.floor(r() * 60) };
    });
  const example: EvalExample = {
    id: `p${id}`,
    query: "how many units did the plant make",
    results,
    evidence: id % 5 === 4 ? [] : spans(1 + Math.floor(r() * 3)),
    categories: spans(Math.floor(r() * 4)).map((s) => ({ ...s, category: SPAN_CATEGORIES[Math.floor(r() * SPAN_CATEGORIES.length)]! })),
    group: `g${id}`,
  };
  if (id % 3 === 0) example.answers = ["1,200 units", "Maria Rossi"];
  return example;
}

/** Scores on a few levels (ties and thresholds that keep the same units) or continuous, token scores with categories. */
function syntheticScorer(r: () => number, { tokens, llm }: { tokens: boolean; llm: boolean }): Scorer {
  const levels = [0, 0.01, 0.1, 0.3, 0.5, 0.55, 0.9, 1];
  return {
    name: "synthetic",
    async scoreUnits({ results }: { results: PreparedResult[] }): Promise<UnitScores> {
      // Now and then a set that does not answer the query: nothing above the fallback floor (or the floor).
      const top = r() < 0.2 ? 3 : levels.length;
      const unitScores = results.map((res) => res.units.map(() => (top < levels.length || r() < 0.6 ? levels[Math.floor(r() * top)]! : r())));
      const out: UnitScores = { unitScores };
      if (tokens) {
        out.tokenScores = results.map((res): TokenScores => {
          const words = [...res.doc.text.matchAll(/\S+/g)];
          return {
            starts: Int32Array.from(words, (m) => m.index),
            ends: Int32Array.from(words, (m) => m.index + m[0].length),
            probs: Float32Array.from(words, () => r()),
            categories: Uint8Array.from(words, () => Math.floor(r() * SPAN_CATEGORIES.length)),
          };
        });
      }
      if (llm) {
        const extracts: LlmExtract[] = results.flatMap((res) => {
          const u = res.units[Math.floor(r() * res.units.length)]!;
          const text = res.doc.text.slice(u.start, u.end);
          return [
            { resultId: res.id, text: text.replace(/\d/, "9"), start: u.start, end: u.end },
            { resultId: res.id, text: "Something it never said.", reason: "not found" },
          ];
        });
        out.llm = { model: "synthetic", requests: 1, cachedRequests: 0, promptTokens: 10, completionTokens: 5, extracts };
      }
      return out;
    },
  };
}

const MODEL_PROFILE: SelectionProfile = { units: { aggregation: "mean" }, selection: { threshold: 0.5, floor: 0.05, fallbackFloor: 0.2 } };

/** A method whose scorer draws the same scores in both runs (its own seeded generator, one example at a time). */
function methods(seed: number): EvalMethod[] {
  const specs = [
    { name: "model:synthetic", profile: MODEL_PROFILE, tokens: true, llm: false },
    { name: "llm-extract", profile: LLM_PROFILE, tokens: false, llm: true },
    { name: "bm25", profile: BASELINE_PROFILE, tokens: false, llm: false },
  ];
  return specs.map(({ name, profile, ...kind }, i) => {
    const scorer = syntheticScorer(createRng(seed * 10 + i), kind);
    return { name, profile, score: (_, input) => scorer.scoreUnits({ ...input, results: [...input.results] }) };
  });
}

const settingsOf = (o: { ratios: number[]; budgets: number[]; thresholds: number[] }): EvalSetting[] => [
  ...o.ratios.map((value) => ({ key: "ratio" as const, value })),
  ...o.budgets.map((value) => ({ key: "budget" as const, value })),
  ...o.thresholds.map((value) => ({ key: "threshold" as const, value })),
];

describe("runEval on settings that keep the same units", () => {
  it("gives every figure of selecting, checking and measuring each setting on its own", async () => {
    const r = createRng(21);
    const examples = Array.from({ length: 40 }, (_, i) => syntheticExample(i, r));
    const grid = {
      ratios: [0.2, 0.6],
      // 3 tokens: the fallback unit is cut to fit.
      budgets: [3, 30, 100_000],
      thresholds: [...Array.from({ length: 21 }, (_, i) => i / 20), 0.5, 0.123],
    };

    const seen: { example: string; method: string; setting: EvalSetting; metrics: QueryMetrics }[] = [];
    const report = await runEval({
      dataset: "synthetic",
      examples,
      methods: methods(1),
      ...grid,
      onQueryMetrics: ({ example, method, setting, metrics }) => seen.push({ example: example.id, method, setting, metrics }),
    });

    // The straightforward path: one selection, fidelity check and measurement per query, method and setting.
    const settings = settingsOf(grid);
    const expected: typeof seen = [];
    const violations: FidelityViolationReport[] = [];
    const perSetting = new Map<string, QueryMetrics[]>(); // by method and setting index (0.5 is there twice)
    const again = methods(1);
    for (const example of examples) {
      const results = prepareEvalResults(example);
      const tokensIn = results.reduce((a, x) => a + x.tokensIn, 0);
      for (const method of again) {
        const scores = (await method.score(example, { query: example.query, results, aggregation: "mean" })) as UnitScores;
        const tokenMap = scores.tokenScores ? new Map(results.map((x, i) => [x.id, scores.tokenScores![i]!])) : undefined;
        for (const [i, setting] of settings.entries()) {
          const selection = selectWithProfile({
            results,
            unitScores: scores.unitScores,
            budget: setting.key === "ratio" ? setting.value * tokensIn : setting.key === "budget" ? setting.value : Infinity,
            threshold: setting.key === "threshold" ? setting.value : 0,
            profile: method.profile!,
          });
          const fidelity = selectionFidelity({ results, selection, ...(scores.llm ? { extracts: scores.llm.extracts } : {}) });
          const metrics = computeQueryMetrics({
            selection,
            evidence: example.evidence,
            fidelity,
            ...(example.answers ? { answers: example.answers } : {}),
            ...(example.categories ? { categories: example.categories } : {}),
            ...(tokenMap ? { tokenScores: tokenMap } : {}),
          });
          expected.push({ example: example.id, method: method.name, setting, metrics });
          const key = `${method.name}|${i}`;
          perSetting.set(key, [...(perSetting.get(key) ?? []), metrics]);
          if (fidelity.violations.length > 0 && violations.length < MAX_FIDELITY_REPORTS) {
            violations.push({
              query: example.id,
              method: method.name,
              setting,
              violations: fidelity.violations.map(({ resultId, kind, message, output }) => ({
                resultId,
                kind,
                message,
                ...(output ? { output } : {}),
              })),
            });
          }
        }
      }
    }
    const rows: EvalRow[] = again.flatMap((m) =>
      settings.map((s, i) => ({ method: m.name, [s.key]: s.value, ...summarizeQueryMetrics(perSetting.get(`${m.name}|${i}`)!) })),
    );

    expect(seen).toEqual(expected);
    expect(JSON.stringify(report.results)).toBe(JSON.stringify(rows));
    expect(report.fidelityViolations).toEqual(violations);
    // The grid did exercise what it is meant to: cut fallback units, kept-nothing queries, violations, categories.
    expect(violations.length).toBeGreaterThan(0);
    expect(seen.some((s) => s.metrics.tokensOut === 0)).toBe(true);
    expect(seen.some((s) => s.metrics.categories && Object.values(s.metrics.categories).some((c) => c[2] > 0))).toBe(true);
    expect(new Set(seen.map((s) => JSON.stringify(s.metrics))).size).toBeLessThan(seen.length);
  });
});
