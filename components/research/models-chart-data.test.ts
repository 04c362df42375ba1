import { describe, expect, it } from "vitest";
import { boxesOverlap, labelBox, labelsOverlap } from "@/lib/eval/place-labels";
import {
  layoutModelLabels,
  MODEL_LABEL_SIZE,
  type ModelPoint,
  modelMeasures,
  modelObstacles,
  plottedSummary,
  qualityDomain,
} from "./models-chart-data";

// The shipped report's labels (lib/eval/report-figures.ts figureLabel): claims sorts first among the report's sets.
const CLAIMS = "Evidence recall at ratio 0.4 (claims)";
const SQUAD = "Evidence recall at ratio 0.2 (squad-en)";
const NQ = "Evidence recall at ratio 0.4 (nq)";
const F1 = "Token F1 on the training dev windows";
const report = (claims: number, squad: number) => ({ [CLAIMS]: claims, [SQUAD]: squad, [NQ]: squad + 0.1 });
const MODELS: ModelPoint[] = [
  { name: "snippet-lab", teacher: "snippet-lab-teacher", p50: 5.12, p99: 7.24, quality: report(0.655, 0.365) },
  { name: "snippet-lab-teacher", teacher: null, p50: 13.48, p99: 19.85, quality: report(0.64, 0.362) },
  { name: "snippet-mini", teacher: "snippet-mini-teacher", p50: 3.89, p99: 6.48, quality: { ...report(0.621, 0.338), [F1]: 0.54 } },
  // Measured, but in no report: the fourth model, which the old caption counted as plotted.
  { name: "snippet-mini-teacher", teacher: null, p50: 8.2, p99: 11.25, quality: { [F1]: 0.54 } },
];

describe("models chart data", () => {
  it("opens on SQuAD-en evidence recall, not the claims proxy that sorts first", () => {
    const { measures, initial } = modelMeasures(MODELS);
    expect(measures[0]).toBe(CLAIMS);
    expect(initial).toBe(SQUAD);
    // Without SQuAD-en, real search queries (NQ); without either, the measure that places the most models.
    const noSquad = MODELS.map((m) => ({ ...m, quality: Object.fromEntries(Object.entries(m.quality).filter(([k]) => k !== SQUAD)) }));
    expect(modelMeasures(noSquad).initial).toBe(NQ);
    expect(
      modelMeasures([
        { ...MODELS[3]!, quality: { [F1]: 0.5, x: 1 } },
        { ...MODELS[2]!, quality: { x: 0.2 } },
      ]).initial,
    ).toBe("x");
    expect(modelMeasures([]).initial).toBe("");
  });

  it("starts the y axis at 0: at 1 for shares, else at the data's top", () => {
    expect(qualityDomain([0.621, 0.655, 0.64])).toEqual([0, 1]);
    expect(qualityDomain([])).toEqual([0, 1]);
    expect(qualityDomain([12.5, 3])).toEqual([0, 13]);
  });

  it("counts the models actually plotted, and says why the others are not", () => {
    const s = plottedSummary(MODELS, SQUAD);
    expect(s.placed.map((m) => m.name)).toEqual(["snippet-lab", "snippet-lab-teacher", "snippet-mini"]);
    expect(s.text).toBe("3 of 4 models plotted");
    expect(s.missing).toEqual(["snippet-mini-teacher (no figure for this measure)"]);
    const all = plottedSummary(MODELS.slice(0, 3), SQUAD);
    expect(all.text).toBe("3 models");
    expect(plottedSummary([{ ...MODELS[0]!, p50: null }], SQUAD).missing).toEqual(["snippet-lab (latency not measured)"]);
  });
});

describe("models chart labels", () => {
  it("keeps every label clear of every latency bar, marker and other label (the shipped models, close together)", () => {
    // The page's layout in pixels: x 0–22 ms over 70–950 px, y 0–1 over 380–20 px (SQuAD-en recall 0.338–0.365).
    const x = (ms: number) => 70 + (ms / 22) * 880;
    const y = (v: number) => 380 - v * 360;
    const models = MODELS.slice(0, 3).map((m) => ({
      name: m.name,
      text: `${m.name} · p50 ${m.p50} / p99 ${m.p99} ms`,
      x: x(m.p50!),
      x99: x(m.p99!),
      y: y(m.quality[SQUAD]!),
    }));
    const bounds = { x0: 70, y0: 20, x1: 950, y1: 380 };
    const placed = layoutModelLabels(models, bounds);
    expect(placed.map((l) => l.group).sort()).toEqual(models.map((m) => m.name).sort());
    expect(labelsOverlap(placed, MODEL_LABEL_SIZE)).toBe(false);
    for (const l of placed) {
      const box = labelBox(l, MODEL_LABEL_SIZE);
      for (const m of models) for (const o of modelObstacles(m)) expect(boxesOverlap(box, o), `${l.text} over ${m.name}`).toBe(false);
      expect(box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1).toBe(true);
    }
    // The old placement — the text right of the point, on its line — crossed the model's own bar.
    const m = models[0]!;
    const naive = labelBox({ x: m.x + 5, y: m.y + 4, text: m.text, anchor: m, textAnchor: "start" }, MODEL_LABEL_SIZE);
    expect(boxesOverlap(naive, modelObstacles(m)[1]!)).toBe(true);
  });
});
