import { describe, expect, it } from "vitest";
import type { SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { computeCharF1 } from "./char-f1";
import { computeAgreement } from "./compute-agreement";
import { computeModelGoldDisagreement } from "./compute-model-gold-disagreement";
import { computeUncertainty } from "./compute-uncertainty";
import { rankPairsByAgreement } from "./rank-pairs";
import { computeTokenKappa, scoreConfusion } from "./token-kappa";

const TEXT = "abcdefghijklmnopqrst"; // 20 chars
// Ten tokens of two characters each.
const TOKENS = { starts: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18], ends: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] };
const tokens = new Map([["d", TOKENS]]);
const sp = (start: number, end: number, category: SpanCategory = "vital", documentId = "d"): Span => ({
  documentId,
  start,
  end,
  text: TEXT.slice(start, end),
  category,
  source: "human",
});

describe("computeCharF1", () => {
  it("computes per-category and micro F1 from character overlaps", () => {
    const a = [sp(0, 10), sp(10, 12, "ads")];
    const b = [sp(5, 15)];
    const r = computeCharF1({ a, b });
    expect(r.perCategory.vital).toMatchObject({ a: 10, b: 10, both: 5, f1: 0.5, precision: 0.5, recall: 0.5 });
    expect(r.perCategory.ads).toMatchObject({ a: 2, b: 0, both: 0, f1: 0, precision: null, recall: 0 });
    expect(r.perCategory.metadata.f1).toBeNull(); // nobody used it
    expect(r.micro.f1).toBeCloseTo(10 / 22, 12);
  });

  it("counts a character once per annotator even under overlapping spans, and keeps documents apart", () => {
    const r = computeCharF1({ a: [sp(0, 4), sp(2, 6)], b: [sp(0, 6, "vital", "other")] });
    expect(r.perCategory.vital).toMatchObject({ a: 6, b: 6, both: 0, f1: 0 });
  });
});

describe("token-level Cohen's kappa", () => {
  it("matches a hand-computed example", () => {
    // A: tokens 0-3; B: tokens 2-5 (span [5,12) touches token 2 = [4,6) by one char).
    // both 2, onlyA 2, onlyB 2, neither 4: po = .6, pe = .4·.4 + .6·.6 = .52, kappa = .08/.48 = 1/6.
    const r = computeTokenKappa({ a: [sp(0, 8)], b: [sp(5, 12)], tokens });
    expect(r.perCategory.vital).toMatchObject({ both: 2, onlyA: 2, onlyB: 2, neither: 4, n: 10, degenerate: false });
    expect(r.perCategory.vital.observed).toBeCloseTo(0.6, 12);
    expect(r.perCategory.vital.expected).toBeCloseTo(0.52, 12);
    expect(r.perCategory.vital.kappa).toBeCloseTo(1 / 6, 12);
  });

  it("is -1 for complementary labels and 0 when one labels everything and the other nothing", () => {
    expect(computeTokenKappa({ a: [sp(0, 10)], b: [sp(10, 20)], tokens }).perCategory.vital.kappa).toBeCloseTo(-1, 12);
    const r = computeTokenKappa({ a: [sp(0, 20, "ads")], b: [], tokens });
    expect(r.perCategory.ads).toMatchObject({ kappa: 0, observed: 0, expected: 0, degenerate: false });
  });

  it("handles expected agreement = 1 (degenerate) without dividing by zero", () => {
    const r = computeTokenKappa({ a: [sp(0, 20, "metadata")], b: [sp(0, 20, "metadata")], tokens });
    expect(r.perCategory.metadata).toMatchObject({ kappa: 1, degenerate: true, expected: 1 });
    expect(r.perCategory.duplicate).toMatchObject({ kappa: 1, degenerate: true, neither: 10 });
    expect(scoreConfusion({ both: 0, onlyA: 0, onlyB: 0, neither: 0 })).toMatchObject({ kappa: null, n: 0 });
  });

  it("pools confusion tables over categories", () => {
    const r = computeTokenKappa({ a: [sp(0, 8)], b: [sp(5, 12)], tokens, categories: ["vital", "ads"] });
    // vital as above + ads all neither (10): both 2, onlyA 2, onlyB 2, neither 14 → po .8, pe = .2·.2+.8·.8 = .68.
    expect(r.pooled).toMatchObject({ both: 2, onlyA: 2, onlyB: 2, neither: 14 });
    expect(r.pooled.kappa).toBeCloseTo((0.8 - 0.68) / 0.32, 12);
  });

  it("rejects spans of documents without tokens", () => {
    expect(() => computeTokenKappa({ a: [sp(0, 2, "vital", "x")], b: [], tokens })).toThrow(/outside the compared documents/);
    expect(() => computeTokenKappa({ a: [], b: [], tokens, documentIds: ["d", "y"] })).toThrow(/no token offsets for document "y"/);
  });
});

describe("computeAgreement", () => {
  const report = computeAgreement({
    tokens,
    categories: ["vital"],
    pairs: [
      {
        pairId: "p1",
        documentIds: ["d"],
        annotations: [
          { annotator: "zoe", spans: [sp(0, 10)] },
          { annotator: "ann", spans: [sp(0, 10)] },
          { annotator: "bob", spans: [sp(10, 20)] },
        ],
      },
      {
        pairId: "p2",
        documentIds: ["d"],
        annotations: [
          { annotator: "ann", spans: [sp(0, 8)] },
          { annotator: "bob", spans: [sp(5, 12)] },
        ],
      },
      { pairId: "p3", documentIds: ["d"], annotations: [{ annotator: "ann", spans: [sp(0, 4)] }] },
    ],
  });

  it("compares every annotator pair of a pair and pools counts", () => {
    const p1 = report.pairs[0]!;
    expect(p1.annotators).toEqual(["ann", "bob", "zoe"]);
    expect(p1.annotatorPairs.map((x) => [x.a, x.b, x.perCategory.vital.chars.f1])).toEqual([
      ["ann", "bob", 0],
      ["ann", "zoe", 1],
      ["bob", "zoe", 0],
    ]);
    // Pooled chars: a = 10+10+10, b = 10+10+10, both = 0+10+0 → F1 = 20/60.
    expect(p1.perCategory.vital.chars).toMatchObject({ a: 30, b: 30, both: 10 });
    expect(p1.perCategory.vital.chars.f1).toBeCloseTo(1 / 3, 12);
    expect(p1.comparisons).toBe(3);
    // Tables: ann-bob (0,5,5,0) + ann-zoe (5,0,0,5) + bob-zoe (0,5,5,0) = (5,10,10,5).
    expect(p1.perCategory.vital.tokens).toMatchObject({ both: 5, onlyA: 10, onlyB: 10, neither: 5 });
  });

  it("gives pairs with one annotator no metric and aggregates per dataset and per annotator pair", () => {
    const p3 = report.pairs[2]!;
    expect([p3.comparisons, p3.micro.chars.f1, p3.micro.tokens.kappa]).toEqual([0, null, null]);
    expect(report.dataset.comparisons).toBe(4);
    expect(report.dataset.perCategory.vital.chars).toMatchObject({ a: 38, b: 37, both: 13 });
    const annBob = report.annotatorPairs.find((x) => x.a === "ann" && x.b === "bob")!;
    expect(annBob.comparisons).toBe(2);
    expect(annBob.perCategory.vital.tokens).toMatchObject({ both: 2, onlyA: 7, onlyB: 7, neither: 4 });
  });

  it("ranks pairs by lowest agreement first, pairs without a value last", () => {
    // p1 kappa from the pooled table (5,10,10,5): po = 1/3, pa = pb = .5, pe = .5 → (1/3 - 1/2) / (1/2) = -1/3.
    expect(report.pairs[0]!.perCategory.vital.tokens.kappa).toBeCloseTo(-1 / 3, 12);
    expect(report.pairs[1]!.perCategory.vital.tokens.kappa).toBeCloseTo(1 / 6, 12);
    expect(rankPairsByAgreement(report.pairs, { category: "vital" }).map((p) => p.pairId)).toEqual(["p1", "p2", "p3"]);
    expect(rankPairsByAgreement(report.pairs, { metric: "charF1" }).map((p) => p.pairId)).toEqual(["p1", "p2", "p3"]);
    expect(report.pairs[1]!.micro.chars.f1).toBeCloseTo(6 / 15, 12);
  });

  it("rejects duplicate annotators and stray documents", () => {
    expect(() =>
      computeAgreement({
        tokens,
        pairs: [
          {
            pairId: "p",
            documentIds: ["d"],
            annotations: [
              { annotator: "x", spans: [] },
              { annotator: "x", spans: [] },
            ],
          },
        ],
      }),
    ).toThrow(/appears twice/);
    expect(() =>
      computeAgreement({ tokens, pairs: [{ pairId: "p", documentIds: ["d"], annotations: [{ annotator: "x", spans: [sp(0, 2, "vital", "q")] }] }] }),
    ).toThrow(/not part of the pair/);
  });
});

describe("queue scores", () => {
  it("computes margin and entropy uncertainty", () => {
    expect(computeUncertainty({ probs: Float32Array.from([0.5, 1, 0, 0.75]) })).toBeCloseTo(0.375, 6);
    expect(computeUncertainty({ probs: [0.5, 1, 0, 0.75], method: "entropy" })).toBeCloseTo((1 + 0.8112781244591328) / 4, 12);
    // Threshold 0.8: p = .8 → 1, p = 0 → 0, p = 1 → 1 - .2/.8 = .75.
    expect(computeUncertainty({ probs: [0.8, 0, 1], threshold: 0.8 })).toBeCloseTo(1.75 / 3, 12);
    expect(computeUncertainty({ probs: [] })).toBe(0);
    expect(() => computeUncertainty({ probs: [NaN] })).toThrow(/finite/);
  });

  it("computes model-gold disagreement from thresholded token probabilities", () => {
    // Kept tokens 0-1 → [0,4) and 3-4 → [6,10); gold [0,10): model 8, gold 10, both 8 → F1 16/18.
    const r = computeModelGoldDisagreement({
      gold: [sp(0, 10), sp(12, 20, "ads")],
      threshold: 0.5,
      documents: [{ documentId: "d", text: TEXT, ...TOKENS, probs: [0.9, 0.9, 0.2, 0.6, 0.7, 0.1, 0, 0, 0, 0.4999] }],
    });
    expect(r.chars).toMatchObject({ a: 10, b: 8, both: 8 });
    expect(r.disagreement).toBeCloseTo(1 - 16 / 18, 12);
    expect(computeModelGoldDisagreement({ gold: [], model: [] }).disagreement).toBe(0);
    expect(computeModelGoldDisagreement({ gold: [sp(0, 4)], model: [] }).disagreement).toBe(1);
  });
});
