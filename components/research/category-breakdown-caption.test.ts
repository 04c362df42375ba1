import { describe, expect, it } from "vitest";
import { breakdownSubtitle, describeBreakdownSetting } from "./category-breakdown-caption";

const preset = { kind: "preset" as const, preset: "low", budget: 1000, threshold: 0.22 };

describe("the category figure's caption", () => {
  it("names the dataset, the pairs shown, the categories' source and the snippets' method and setting", () => {
    expect(
      breakdownSubtitle({
        breakdown: { method: "bm25", setting: preset, filters: { datasetId: "d1" } },
        datasetName: "demo",
        pairs: 12,
        source: "gold",
      }),
    ).toEqual(["Dataset demo · 12 pairs · categories from gold spans", "Snippets by bm25 at the low preset (1,000 tokens, threshold 0.22)"]);
  });

  it("says every dataset without a dataset filter, the id when the name is unknown, one pair, and the filters", () => {
    const [all] = breakdownSubtitle({
      breakdown: { method: "lead", setting: { kind: "threshold", threshold: 0.4 }, filters: { domain: "example.org", from: "2026-01-01" } },
      pairs: 1,
      source: "all",
    });
    expect(all).toBe("All datasets · 1 pair · categories from gold, else judge, else model labels · domain example.org · from 2026-01-01");
    expect(breakdownSubtitle({ breakdown: { method: "lead", setting: preset, filters: { datasetId: "d9" } }, pairs: 2, source: "model" })[0]).toBe(
      "Dataset d9 · 2 pairs · categories from the model's category predictions",
    );
    expect(describeBreakdownSetting({ kind: "threshold", threshold: 0.4 })).toBe("threshold 0.4 without a budget");
  });
});
