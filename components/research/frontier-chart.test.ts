import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { frontierSeries } from "@/lib/eval/frontier";
import type { EvalRow } from "@/lib/eval/types";
import { FrontierChart } from "./frontier-chart";

// The frontier chart renders on the server (no window) and, for the benchmark size — 5 methods × 40 points —
// within the first-render budget (printed; the browser figure comes from e2e/research.spec.ts).

function rows(methods: number, points: number): EvalRow[] {
  const out: EvalRow[] = [];
  for (let m = 0; m < methods; m++) {
    for (let i = 0; i < points; i++) {
      const t = i / (points - 1);
      out.push({
        method: `m${m}`,
        ...(i % 2 === 0 ? { threshold: Math.round(t * 100) / 100 } : { budget: 100 * (i + 1) }),
        evidenceRecall: Math.min(1, (1 - t) * (0.6 + m / 20)),
        allEvidenceKept: 0,
        answerKept: null,
        tokensPerQuery: Math.round(2000 * (1 - t) + m * 10),
        compressionRatio: 1 - t,
        evidenceCharRecall: 0,
        keptPrecision: 0,
      });
    }
  }
  return out;
}

describe("FrontierChart", () => {
  it("renders 5 methods × 40 points on the server", () => {
    const methods = Array.from({ length: 5 }, (_, m) => ({ method: `m${m}`, label: `Method ${m}`, kind: "model" as const, defaultThreshold: 0.5 }));
    const series = frontierSeries(
      rows(5, 40),
      methods.map((m) => m.method),
      "evidenceRecall",
    );
    const t0 = performance.now();
    const html = renderToString(
      createElement(FrontierChart, {
        series,
        methods,
        presets: { low: 1000, medium: 4000, high: 10000 },
        measure: "evidenceRecall",
        measureLabel: "Gold evidence kept",
        datasetName: "demo",
        pairs: 12,
        selected: null,
        onSelect: () => {},
      }),
    );
    const ms = performance.now() - t0;
    console.log(`[bench] FrontierChart server render, 5 methods × 40 points: ${ms.toFixed(0)} ms`);
    expect(html).toContain('data-testid="frontier-legend"');
    expect((html.match(/data-testid="frontier-legend-item"/g) ?? []).length).toBe(5);
  });
});
