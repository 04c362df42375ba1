import { describe, expect, it } from "vitest";
import { describeModels } from "./describe-models";

describe("describeModels", () => {
  it("finds the shipped eval-all report (docs/results/report) of every model it has rows of", async () => {
    const models = await describeModels();
    const lab = models.find((m) => m.name === "snippet-lab");
    expect(lab).toBeDefined();
    const squad = lab!.evaluation.find((e) => e.dataset === "squad-en");
    expect(squad).toMatchObject({ source: "docs/results/report/squad-en.json", measure: "evidenceRecall", setting: "ratio 0.2", queries: 400 });
    expect(squad?.value).toBeGreaterThan(0);
    expect(squad?.provenance?.commit).toMatch(/^[0-9a-f]{7}/);
    // The older eval --json reports in docs/results still count.
    const mini = models.find((m) => m.name === "snippet-mini");
    expect(mini?.evaluation.some((e) => e.source === "docs/results/squad-dev.json")).toBe(true);
  });
});
