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
        unanswerablePairs: 2,
        showIntervals: false,
        selected: null,
        onSelect: () => {},
      }),
    );
    const ms = performance.now() - t0;
    console.log(`[bench] FrontierChart server render, 5 methods × 40 points: ${ms.toFixed(0)} ms`);
    expect(html).toContain('data-testid="frontier-chart"');
    // Every method drawn when none are picked; the caption counts the pairs with nothing vital.
    expect(html).toContain('data-shown="m0 m1 m2 m3 m4"');
    expect(html).toContain("12 gold pairs<!-- --> (2 pairs with nothing vital)");
  });

  it("draws only the methods shown", () => {
    const methods = Array.from({ length: 3 }, (_, m) => ({ method: `m${m}`, label: `Method ${m}`, kind: "baseline" as const }));
    const series = frontierSeries(
      rows(3, 4),
      methods.map((m) => m.method),
      "evidenceRecall",
    );
    const html = renderToString(
      createElement(FrontierChart, {
        series,
        methods,
        shown: ["m2", "m0"],
        showIntervals: true,
        presets: { low: 1000, medium: 4000, high: 10000 },
        measure: "evidenceRecall",
        measureLabel: "Gold evidence kept",
        datasetName: "demo",
        pairs: 1,
        selected: null,
        onSelect: () => {},
      }),
    );
    // In the sweep's order, whatever the order picked.
    expect(html).toContain('data-shown="m0 m2"');
    expect(html).toContain('data-intervals="true"');
    expect(html).not.toContain("with nothing vital");
  });
});
