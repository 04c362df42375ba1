import { describe, expect, it } from "vitest";
import { defaultEvalMethods } from "./default-eval-methods";

const models = [
  { name: "snippet-lab", default: true },
  { name: "snippet-lab-teacher", default: false },
  { name: "snippet-mini", default: false },
];

describe("defaultEvalMethods", () => {
  it("puts the default model first, then the baselines and the oracle", () => {
    expect(defaultEvalMethods(models)).toEqual(["model:snippet-lab", "bm25", "lead", "oracle"]);
  });
  it("adds the default's teacher when asked and installed", () => {
    expect(defaultEvalMethods(models, { teacher: true })).toEqual(["model:snippet-lab", "model:snippet-lab-teacher", "bm25", "lead", "oracle"]);
    expect(defaultEvalMethods(models.slice(0, 1), { teacher: true })).toEqual(["model:snippet-lab", "bm25", "lead", "oracle"]);
  });
  it("without an installed model: the baselines and the oracle", () => {
    expect(defaultEvalMethods([])).toEqual(["bm25", "lead", "oracle"]);
  });
});
