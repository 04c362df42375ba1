import { describe, expect, it } from "vitest";
import { createRng } from "../data/synthesize-page";
import { bootstrapInterval, pointIntervals } from "./bootstrap-interval";
import { bootstrapManyIntervals, manyPointIntervals } from "./bootstrap-many-intervals";
import type { QueryMetrics } from "./types";

describe("bootstrapManyIntervals", () => {
  it("equals bootstrapInterval column by column, to the last bit (lengths, duplicates, empty columns, odd widths)", () => {
    const r = createRng(3);
    const fractions = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 7) / Math.ceil(r() * 9));
    const base = fractions(37);
    const columns = [
      base,
      fractions(37),
      [...base], // a duplicate: resampled once
      [],
      fractions(1),
      Array.from({ length: 37 }, () => Math.floor(r() * 3000)), // tokens
      fractions(150),
      ...Array.from({ length: 11 }, () => fractions(37)), // more than one block of 8
      Array.from({ length: 37 }, () => (r() < 0.3 ? 1 : 0)),
    ];
    for (const [seed, resamples] of [
      [1, 1000],
      [9, 37],
    ] as const) {
      const many = bootstrapManyIntervals({ columns, seed, resamples });
      expect(many).toEqual(columns.map((values) => bootstrapInterval({ values, seed, resamples })));
    }
  });

  it("draws the numbers of long columns a chunk at a time exactly as one sequence, shared by columns of other lengths", () => {
    const r = createRng(5);
    const columns = [30_000, 7001, 3, 30_000, 20_011].map((n) => Array.from({ length: n }, () => r() / 3));
    expect(bootstrapManyIntervals({ columns, resamples: 50 })).toEqual(columns.map((values) => bootstrapInterval({ values, resamples: 50 })));
  });
});

describe("manyPointIntervals", () => {
  it("equals pointIntervals point by point", () => {
    const r = createRng(11);
    const metricsOf = (n: number): QueryMetrics[] =>
      Array.from({ length: n }, () => {
        const evidenceTotal = Math.floor(r() * 4);
        const evidenceChars = evidenceTotal * 40;
        return {
          evidenceTotal,
          evidenceKept: Math.floor(r() * (evidenceTotal + 1)),
          answerKept: r() < 0.2 ? null : r() < 0.5,
          tokensIn: 1000,
          tokensOut: Math.floor(r() * 900),
          evidenceChars,
          evidenceCharsKept: Math.floor(r() * (evidenceChars + 1)),
          keptChars: 300,
          ...(r() < 0.7 ? { categories: { vital: [50, Math.floor(r() * 51), 0, 0] as [number, number, number, number] } } : {}),
        };
      });
    const shared = metricsOf(60);
    // The points of every method of a sweep at once: a column two methods share is resampled once.
    const points = new Map([
      ["a|threshold|0", metricsOf(60)],
      ["a|threshold|0.5", shared],
      ["a|threshold|1", []],
      ["b|threshold|0", metricsOf(45)],
      ["b|threshold|0.5", shared.map((m) => ({ ...m }))],
    ]);
    const measures = ["evidenceRecall", "allEvidenceKept", "answerKept", "evidenceCharRecall", "tokensPerQuery", "category:vital", "category:ads"];
    const many = manyPointIntervals({ points, measures });
    expect(JSON.stringify(many)).toBe(
      JSON.stringify(Object.fromEntries([...points].map(([k, metrics]) => [k, pointIntervals({ metrics, measures })]))),
    );
  });
});
