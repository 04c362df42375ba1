import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES } from "../spans/categories";
import type { Prf, PrfTable } from "./evaluate-judge";
import { judgePrfChartRows } from "./judge-prf-chart-rows";

const none: Prf = { tp: 0, fp: 0, fn: 0, precision: null, recall: null, f1: null };
const table = (cells: Partial<PrfTable>): PrfTable => ({
  ...(Object.fromEntries(SPAN_CATEGORIES.map((c) => [c, none])) as PrfTable),
  all: none,
  ...cells,
});

describe("judgePrfChartRows", () => {
  it("has a row per category some configuration or the gold used, then all categories, a value per configuration", () => {
    const a = {
      key: "m|v1|two-stage",
      span: table({
        vital: { tp: 3, fp: 1, fn: 1, precision: 0.75, recall: 0.75, f1: 0.75 },
        all: { tp: 3, fp: 1, fn: 1, precision: 0.75, recall: 0.75, f1: 0.75 },
      }),
      token: table({}),
    };
    const b = {
      key: "m|v1|one-stage",
      span: table({
        ads: { tp: 0, fp: 2, fn: 0, precision: 0, recall: null, f1: null },
        all: { tp: 0, fp: 2, fn: 0, precision: 0, recall: null, f1: 0 },
      }),
      token: table({}),
    };
    const rows = judgePrfChartRows({ configs: [a, b], level: "span", measure: "f1" });
    expect(rows.map((r) => r.category)).toEqual(["vital", "ads", "all"]);
    expect(rows[0]).toEqual({ category: "vital", label: "Vital", "m|v1|two-stage": 0.75, "m|v1|one-stage": null });
    expect(rows[2]).toMatchObject({ label: "All categories", "m|v1|two-stage": 0.75, "m|v1|one-stage": 0 });
    expect(judgePrfChartRows({ configs: [a, b], level: "span", measure: "precision" })[1]).toMatchObject({ "m|v1|one-stage": 0 });
    expect(judgePrfChartRows({ configs: [a], level: "token", measure: "f1" }).map((r) => r.category)).toEqual(["all"]);
  });
});
