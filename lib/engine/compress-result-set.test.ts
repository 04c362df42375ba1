import { describe, expect, it } from "vitest";
import { compressResultSet } from "./compress-result-set";
import { prepareResult } from "./prepare-result";
import { createBm25Scorer } from "./scorers/bm25";

describe("compressResultSet", () => {
  it("scores then selects, returning scores and timings", async () => {
    const results = [
      prepareResult({ id: "a", text: "Cats purr when content. Dogs bark at strangers." }),
      prepareResult({ id: "b", text: "The weather is mild. Cats sleep most of the day." }),
    ];
    const out = await compressResultSet({ query: "why do cats purr", results, scorer: createBm25Scorer(), budget: 100, threshold: 0.5, aggregation: "mean" });
    expect(out.selection.results[0]!.snippet).toBe("Cats purr when content.");
    expect(out.unitScores).toHaveLength(2);
    expect(out.tokenScores).toBeUndefined();
    expect(out.timings.totalMs).toBeGreaterThanOrEqual(out.timings.scoreMs);
  });
});
