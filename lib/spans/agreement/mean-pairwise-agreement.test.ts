import { describe, expect, it } from "vitest";
import type { SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { computeAgreement } from "./compute-agreement";
import { meanPairwiseAgreement } from "./mean-pairwise-agreement";
import { wordTokenOffsets } from "./word-token-offsets";

describe("wordTokenOffsets", () => {
  it("keeps words and punctuation, drops whitespace, in UTF-16 offsets", () => {
    const text = "Boil eggs, 9 min.\n\nDone 😀!";
    const { starts, ends } = wordTokenOffsets({ text });
    expect(starts.map((s, i) => text.slice(s, ends[i]))).toEqual(["Boil", "eggs", ",", "9", "min", ".", "Done", "😀", "!"]);
    expect(wordTokenOffsets({ text: "   " })).toEqual({ starts: [], ends: [] });
  });
});

const TEXT = "abcdefghijklmnopqrst";
const tokens = new Map([["d", { starts: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18], ends: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] }]]);
const sp = (start: number, end: number, category: SpanCategory = "vital"): Span => ({
  documentId: "d",
  start,
  end,
  text: TEXT.slice(start, end),
  category,
  source: "human",
});

describe("meanPairwiseAgreement", () => {
  // ann [0,10), bob [10,20), zoe [0,10): F1 ann-bob 0, ann-zoe 1, bob-zoe 0.
  const report = computeAgreement({
    tokens,
    categories: ["vital", "ads"],
    pairs: [
      {
        pairId: "p1",
        documentIds: ["d"],
        annotations: [
          { annotator: "ann", spans: [sp(0, 10)] },
          { annotator: "bob", spans: [sp(10, 20)] },
          { annotator: "zoe", spans: [sp(0, 10), sp(0, 4, "ads")] },
        ],
      },
    ],
  });
  const comparisons = report.pairs.flatMap((p) => p.annotatorPairs);

  it("averages per-comparison values (not pooled counts)", () => {
    const all = meanPairwiseAgreement({ comparisons });
    expect(all.comparisons).toBe(3);
    expect(all.perCategory.vital.charF1).toEqual({ mean: 1 / 3, count: 3 });
    // Kappa: ann-bob -1, ann-zoe 1, bob-zoe -1 → mean -1/3.
    expect(all.perCategory.vital.kappa.mean).toBeCloseTo(-1 / 3, 12);
    // Ads: only zoe used it: F1 0 with ann and bob; ann-bob have no evidence (null) and are left out.
    expect(all.perCategory.ads.charF1).toEqual({ mean: 0, count: 2 });
    // ann-bob ads kappa is degenerate (both all "out"): skipped unless asked for.
    expect(all.perCategory.ads.kappa.count).toBe(2);
    expect(meanPairwiseAgreement({ comparisons, includeDegenerate: true }).perCategory.ads.kappa.count).toBe(3);
    expect(all.perCategory.metadata.charF1).toEqual({ mean: null, count: 0 });
  });

  it("restricts to one annotator's comparisons", () => {
    const zoe = meanPairwiseAgreement({ comparisons, annotator: "zoe" });
    expect(zoe.comparisons).toBe(2);
    expect(zoe.perCategory.vital.charF1.mean).toBe(0.5); // ann 1, bob 0
    const bob = meanPairwiseAgreement({ comparisons, annotator: "bob" });
    expect(bob.perCategory.vital.charF1.mean).toBe(0);
    expect(bob.perCategory.vital.kappa.mean).toBeCloseTo(-1, 12);
    expect(meanPairwiseAgreement({ comparisons, annotator: "nobody" }).comparisons).toBe(0);
  });
});
