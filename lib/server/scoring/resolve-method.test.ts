import { describe, expect, it } from "vitest";
import { resolveMethod } from "./resolve-method";

const models = [
  { name: "mini", default: false, threshold: 0.4, aggregation: "max" as const },
  { name: "base", default: true, threshold: 0.55, aggregation: "mean" as const },
];

describe("resolveMethod", () => {
  it("maps model to the default model with its defaults", () => {
    expect(resolveMethod("model", models)).toEqual({ method: "model:base", modelName: "base", threshold: 0.55, aggregation: "mean" });
  });
  it("accepts model:<name> and a bare name", () => {
    expect(resolveMethod("model:mini", models).method).toBe("model:mini");
    expect(resolveMethod("mini", models)).toEqual({ method: "model:mini", modelName: "mini", threshold: 0.4, aggregation: "max" });
  });
  it("carries a model's calibrated floors, and none for baselines", () => {
    const calibrated = [{ name: "cal", default: true, threshold: 0.2, fallbackFloor: 0.3, floor: 0.002, aggregation: "mean" as const }];
    expect(resolveMethod("model", calibrated)).toMatchObject({ threshold: 0.2, fallbackFloor: 0.3, floor: 0.002 });
    expect(resolveMethod("bm25", calibrated)).not.toHaveProperty("floor");
  });
  it("baselines default to threshold 0", () => {
    expect(resolveMethod("bm25", [])).toEqual({ method: "bm25", threshold: 0, aggregation: "mean" });
    expect(resolveMethod("lead", []).method).toBe("lead");
  });
  it("unknown model → NOT_FOUND listing the available ones", () => {
    try {
      resolveMethod("model:nope", models);
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code: "NOT_FOUND", details: { models: ["mini", "base"] } });
      expect((e as Error).message).toContain("model:base");
    }
  });
  it("no model installed → UNAVAILABLE", () => {
    expect(() => resolveMethod("model", [])).toThrow(/bm25/);
  });
});
