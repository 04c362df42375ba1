import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { summarizeCategoryTokens } from "@/lib/eval/category-breakdown";
import type { CategoryBreakdown, FrontierResponse } from "@/lib/schemas/research";

// The research views' client components render on the server with real data shapes (a smoke test: Next renders them
// there first). Navigation is stubbed; charts with `responsive` draw in the browser, so only their frames render here.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {} }) }));

const row = (method: string, setting: { threshold: number } | { budget: number }, y: number, x: number) => ({
  method,
  ...setting,
  evidenceRecall: y,
  allEvidenceKept: y / 2,
  answerKept: null,
  tokensPerQuery: x,
  compressionRatio: x / 1000,
  evidenceCharRecall: y,
  keptPrecision: 0.3,
  categories: { vital: { chars: 100, keptShare: y } },
});

describe("research views", () => {
  it("FrontierView: the sweep form, the chart frame, the measures; an empty dataset says so", async () => {
    const { FrontierView } = await import("./frontier-view");
    const frontier: FrontierResponse = {
      jobId: "j1",
      result: {
        datasetId: "d",
        datasetName: "demo",
        pairs: 6,
        skipped: [],
        thresholds: [0, 0.5],
        budgets: [1000],
        methods: [
          { method: "model:m", label: "m (default)", kind: "model", defaultThreshold: 0.5 },
          { method: "bm25", label: "BM25", kind: "baseline" },
          { method: "lead", label: "Lead", kind: "baseline", error: "the judge server is down" },
        ],
        presets: { low: 1000, medium: 4000, high: 10000 },
        hasAnswers: false,
        categories: ["vital"],
        rows: [
          // Two of the six pairs have nothing vital: every row reports them apart.
          { ...row("model:m", { threshold: 0 }, 1, 900), unanswerable: { queries: 2, keptNothing: 0, tokensPerQuery: 300 } },
          { ...row("model:m", { threshold: 0.5 }, 0.6, 200), unanswerable: { queries: 2, keptNothing: 1, tokensPerQuery: 0 } },
          { ...row("model:m", { budget: 1000 }, 0.9, 700), unanswerable: { queries: 2, keptNothing: 0.5, tokensPerQuery: 40 } },
          { ...row("bm25", { threshold: 0 }, 1, 900), unanswerable: { queries: 2, keptNothing: 0, tokensPerQuery: 300 } },
        ],
        finishedAt: new Date(0).toISOString(),
        timings: { scoreMs: 1, sweepMs: 2 },
      },
    };
    const props = {
      datasetId: "d",
      datasetName: "demo",
      goldPairs: 6,
      latestJob: null,
      methodOptions: [
        { value: "model:m", label: "m" },
        { value: "bm25", label: "BM25" },
      ],
      canRun: true,
    };
    const html = renderToString(createElement(FrontierView, { ...props, frontier }));
    expect(html).toContain('data-testid="sweep-form"');
    expect(html).toContain('data-testid="frontier"');
    expect(html).toContain("the judge server is down");
    expect(html).toContain("Vital kept (share of characters)");
    // The pairs with nothing vital: counted beside the others, and a y option of their own.
    expect(html).toContain('data-testid="frontier-unanswerable" data-count="2"');
    expect(html).toContain("4 with vital evidence, 2 with nothing vital");
    expect(html).toContain('value="unanswerableKeptNothing"');
    expect(html).toContain("Kept nothing when nothing is vital");
    // The legend picks the methods (the failed one has no curve, so no entry); intervals can be toggled.
    expect((html.match(/data-testid="frontier-legend-item"/g) ?? []).length).toBe(2);
    expect(html).toContain('data-testid="frontier-show-bm25"');
    expect(html).toContain('data-testid="frontier-intervals"');
    const empty = renderToString(createElement(FrontierView, { ...props, canRun: false, frontier: { jobId: null, result: null } }));
    expect(empty).toContain('data-testid="frontier-empty"');
    expect(empty).not.toContain('data-testid="sweep-form"');
  });

  it("CategoryBreakdownView: the table with one row per category, the chart frame and the sources", async () => {
    const { CategoryBreakdownView } = await import("./category-breakdown-view");
    const part = { pairs: 2, ...summarizeCategoryTokens({ tokensIn: [10, 5, 0, 0, 5, 0, 0], tokensOut: [8, 1, 0, 0, 0, 0, 0] }) };
    const none = { pairs: 0, ...summarizeCategoryTokens({ tokensIn: [0, 0, 0, 0, 0, 0, 0], tokensOut: [0, 0, 0, 0, 0, 0, 0] }) };
    const breakdown: CategoryBreakdown = {
      filters: {},
      method: "bm25",
      setting: { kind: "preset", preset: "low", budget: 1000, threshold: 0 },
      categoryModel: null,
      pairs: 2,
      unscored: 0,
      all: part,
      bySource: { gold: part, judge: none, model: none, none },
      timings: { loadMs: 1, computeMs: 1 },
    };
    const html = renderToString(createElement(CategoryBreakdownView, { breakdown, pairsQuery: "datasetId=d" }));
    expect((html.match(/data-testid="categories-row"/g) ?? []).length).toBe(7);
    // Vital: 10 of 20 page tokens (50 %), 8 of 9 snippet tokens (88.9 %): +78 %.
    expect(html).toContain("+78 %");
    expect(html).toContain("88.9 %");
    expect(html).toContain('href="/research/categories/pairs?datasetId=d&amp;category=vital"');
    expect(html).toContain('data-testid="categories-chart"');
  });

  it("ModelsChart renders a teacher and its student", async () => {
    const { ModelsChart } = await import("./models-chart");
    const html = renderToString(
      createElement(ModelsChart, {
        models: [
          { name: "t", teacher: null, p50: 8, p99: 11, quality: { F1: 0.54 } },
          { name: "s", teacher: "t", p50: 4, p99: 5, quality: { F1: 0.54 } },
        ],
      }),
    );
    expect(html).toContain('data-testid="models-chart"');
  });
});
