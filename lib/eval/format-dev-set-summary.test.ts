import { describe, expect, it } from "vitest";
import type { DevSetResult } from "./evaluate-dev-set";
import { formatDevSetSummary } from "./format-dev-set-summary";

const row = (method: string, categories: Record<string, { chars: number; keptShare: number }>): DevSetResult["rows"][number] => ({
  method,
  budget: 1000,
  evidenceRecall: 0.5,
  allEvidenceKept: 0.2,
  answerKept: null,
  tokensPerQuery: 700,
  compressionRatio: 0.4,
  evidenceCharRecall: 0.67,
  keptPrecision: 0.9,
  categories,
  headline: 0.9,
  thresholdUsed: 0.22,
});

describe("formatDevSetSummary", () => {
  it("breaks the kept text of real pages that is not article text down by category, as shares of all kept characters", () => {
    const result: DevSetResult = {
      set: "real-pages",
      kind: "real pages",
      queries: 2,
      measure: "pages",
      setting: { budget: 1000, useModelThreshold: true },
      rows: [
        row("model:a", {
          vital: { chars: 1000, keptShare: 0.9 },
          off_topic: { chars: 200, keptShare: 0.4 },
          metadata: { chars: 100, keptShare: 0.2 },
        }),
      ],
    };
    const md = formatDevSetSummary([result], {
      commit: "c",
      command: "cmd",
      date: "d",
      split: "val",
      methods: [{ name: "model:a", threshold: 0.22 }],
    });
    // Kept: 900 vital + 80 off-topic + 20 metadata = 1,000 characters.
    expect(md).toContain("| method | not article | metadata | off_topic |");
    expect(md).toContain("| model:a | 10.0% | 2.0% | 8.0% |");
  });

  it("tabulates kept nothing against answerable recall by threshold, the default marked, per language when several", () => {
    const point = (threshold: number, keptNothing: number, answerableRecall: number | null) => ({
      threshold,
      keptNothing,
      answerableRecall,
      unanswerableTokens: 0,
      unanswerableQueries: 2,
      answerableQueries: 2,
    });
    const result: DevSetResult = {
      set: "unanswerable-x",
      kind: "test",
      queries: 4,
      measure: "evidenceRecall",
      setting: { budget: 1_000_000, useModelThreshold: true },
      rows: [row("model:a", {})],
      keptNothingCurves: {
        "model:a": {
          defaultThreshold: 0.2,
          points: [point(0.1, 0.25, 0.9), point(0.2, 0.5, 0.8)],
          byLanguage: { en: [point(0.1, 0, 0.9), point(0.2, 0.5, 0.8)], uk: [point(0.1, 0.5, null), point(0.2, 0.5, null)] },
        },
      },
    };
    const md = formatDevSetSummary([result], {
      commit: "c",
      command: "cmd",
      date: "d",
      split: "val",
      methods: [{ name: "model:a", threshold: 0.2 }],
    });
    expect(md).toContain("Kept nothing / answerable recall by threshold (unanswerable-x; * the default):");
    expect(md).toContain("| 0.1 | 25.0% / 0.900 |");
    expect(md).toContain("| 0.2 | 50.0% / 0.800 * |");
    expect(md).toContain("(unanswerable-x, uk; * the default)");
    expect(md).toContain("| 0.1 | 50.0% / – |");
  });
});
