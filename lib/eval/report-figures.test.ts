import { describe, expect, it } from "vitest";
import { chartFigures, describeRowSetting, figureLabel, reportFigures, sweepFigures } from "./report-figures";

const evalAll = {
  provenance: { commit: "fd540ba", command: "snippet-lab eval-all --split report", date: "2026-12-04T17:40:43.712Z", split: "report" },
  set: "squad-en",
  queries: 400,
  measure: "evidenceRecall",
  setting: { ratio: 0.2 },
  rows: [
    { method: "model:snippet-lab", ratio: 0.2, evidenceRecall: 0.3375, tokensPerQuery: 24, compressionRatio: 0.16, headline: 0.3375 },
    { method: "bm25", ratio: 0.2, evidenceRecall: 0.2, tokensPerQuery: 24, compressionRatio: 0.16, headline: 0.2 },
  ],
};

describe("reportFigures", () => {
  it("reads an eval-all report (rows per dev set, with provenance)", () => {
    const f = reportFigures({ report: evalAll, method: "model:snippet-lab", threshold: 0.22, fallbackName: "file" });
    expect(f).toEqual({
      dataset: "squad-en",
      queries: 400,
      measure: "evidenceRecall",
      setting: "ratio 0.2",
      value: 0.3375,
      tokensPerQuery: 24,
      recallAt20: 0.3375,
      provenance: { commit: "fd540ba", command: "snippet-lab eval-all --split report", date: "2026-12-04T17:40:43.712Z", split: "report" },
    });
    expect(figureLabel(f!)).toBe("Evidence recall at ratio 0.2 (squad-en)");
  });

  it("reads an eval --json report (results), with the figures at the model's default threshold", () => {
    const report = {
      dataset: "squad-dev",
      queries: 100,
      results: [
        { method: "model:m", ratio: 0.1, evidenceRecall: 0.1, tokensPerQuery: 10, compressionRatio: 0.1 },
        { method: "model:m", ratio: 0.2, evidenceRecall: 0.35, tokensPerQuery: 20, compressionRatio: 0.2 },
        { method: "model:m", threshold: 0.3, evidenceRecall: 0.5, tokensPerQuery: 30, compressionRatio: 0.25 },
      ],
    };
    const f = reportFigures({ report, method: "model:m", threshold: 0.3, fallbackName: "file" });
    expect(f).toMatchObject({ dataset: "squad-dev", setting: "ratio 0.2", value: 0.35, recallAt20: 0.35, provenance: null });
    expect(f?.atDefaultThreshold).toEqual({ evidenceRecall: 0.5, compressionRatio: 0.25, tokensPerQuery: 30 });
  });

  it("names the unanswerable set's headline and returns null without rows of the method", () => {
    const un = {
      ...evalAll,
      set: "unanswerable",
      setting: { budget: 1000 },
      rows: [{ method: "model:snippet-lab", budget: 1000, headline: 0.75, evidenceRecall: 0 }],
    };
    const f = reportFigures({ report: un, method: "model:snippet-lab", threshold: 0.22, fallbackName: "x" });
    expect(f && figureLabel(f)).toBe("Kept nothing at budget 1000 (unanswerable)");
    expect(f?.value).toBe(0.75);
    expect(reportFigures({ report: evalAll, method: "model:other", threshold: 0.2, fallbackName: "x" })).toBeNull();
    expect(reportFigures({ report: { bench: 1 }, method: "model:snippet-lab", threshold: 0.2, fallbackName: "x" })).toBeNull();
    expect(reportFigures({ report: null, method: "model:snippet-lab", threshold: 0.2, fallbackName: "x" })).toBeNull();
  });

  it("describes a row's setting", () => {
    expect(describeRowSetting({ budget: 200 })).toBe("budget 200");
    expect(describeRowSetting({ threshold: 0.22 })).toBe("threshold 0.22");
    expect(describeRowSetting({})).toBe("—");
  });
});

describe("sweepFigures", () => {
  it("headlines an app evaluation at the medium preset and keeps the default threshold's figures", () => {
    const result = {
      datasetName: "demo",
      pairs: 12,
      presets: { low: 1000, medium: 4000, high: 10000 },
      finishedAt: "2026-01-02T00:00:00.000Z",
      rows: [
        { method: "model:m", threshold: 0.2, evidenceRecall: 0.6, tokensPerQuery: 300, compressionRatio: 0.3 },
        { method: "model:m", budget: 1000, evidenceRecall: 0.7, tokensPerQuery: 500, compressionRatio: 0.4 },
        { method: "model:m", budget: 4000, evidenceRecall: 0.9, tokensPerQuery: 900, compressionRatio: 0.8 },
      ],
    };
    const f = sweepFigures({ result, method: "model:m", threshold: 0.2, jobId: "job1" });
    expect(f).toMatchObject({ dataset: "demo (gold)", queries: 12, setting: "budget 4000", value: 0.9, tokensPerQuery: 900 });
    expect(f?.atDefaultThreshold?.evidenceRecall).toBe(0.6);
    expect(f?.provenance).toEqual({ commit: null, date: "2026-01-02T00:00:00.000Z", command: "model-eval job job1", split: null });
  });
});

describe("chartFigures", () => {
  const figure = (value: number | null, split: string | null, date: string | null) => ({
    dataset: "squad-en",
    measure: "evidenceRecall",
    setting: "ratio 0.2",
    value,
    provenance: { commit: null, command: null, split, date },
  });
  it("names a split other than the report's, and keeps the newest run where reports of one split overlap", () => {
    expect(
      chartFigures([
        figure(0.34, "report", "2026-12-05T10:00:00.000Z"),
        figure(0.33, "report", "2026-12-06T10:00:00.000Z"),
        figure(0.3, "report", null),
        figure(0.31, "val", "2026-12-06T11:00:00.000Z"),
        figure(null, "report", "2026-12-07T10:00:00.000Z"),
      ]),
    ).toEqual({
      "Evidence recall at ratio 0.2 (squad-en)": 0.33,
      "Evidence recall at ratio 0.2 (squad-en), val split": 0.31,
    });
  });
  it("labels a figure without provenance (an eval --json report) as the report's", () => {
    expect(chartFigures([{ ...figure(0.5, null, null), provenance: null }])).toEqual({ "Evidence recall at ratio 0.2 (squad-en)": 0.5 });
  });
});
