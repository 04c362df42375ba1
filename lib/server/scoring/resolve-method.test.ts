import { describe, expect, it } from "vitest";
import { resolveMethod } from "./resolve-method";

const models = [
  { name: "mini", default: false, profile: { threshold: 0.4, aggregation: "max" as const } },
  { name: "base", default: true, profile: { threshold: 0.55, aggregation: "mean" as const } },
];

/** The plain fields of a method object (its scorers are functions). */
const fields = ({ id, label, kind, modelName, profile }: ReturnType<typeof resolveMethod>) => ({ id, label, kind, modelName, profile });

describe("resolveMethod", () => {
  it("maps model to the default model with its profile", () => {
    expect(fields(resolveMethod("model", models))).toEqual({
      id: "model:base",
      label: "base (default)",
      kind: "model",
      modelName: "base",
      profile: { threshold: 0.55, aggregation: "mean" },
    });
  });
  it("accepts model:<name> and a bare name", () => {
    expect(resolveMethod("model:mini", models).id).toBe("model:mini");
    expect(fields(resolveMethod("mini", models))).toEqual({
      id: "model:mini",
      label: "mini",
      kind: "model",
      modelName: "mini",
      profile: { threshold: 0.4, aggregation: "max" },
    });
  });
  it("carries a model's calibrated floors in its profile, and none for baselines", () => {
    const calibrated = [{ name: "cal", default: true, profile: { threshold: 0.2, fallbackFloor: 0.3, floor: 0.002, aggregation: "mean" as const } }];
    expect(resolveMethod("model", calibrated).profile).toMatchObject({ threshold: 0.2, fallbackFloor: 0.3, floor: 0.002 });
    expect(resolveMethod("bm25", calibrated).profile).not.toHaveProperty("floor");
  });
  it("baselines default to threshold 0", () => {
    expect(fields(resolveMethod("bm25", []))).toEqual({
      id: "bm25",
      label: "BM25 (baseline)",
      kind: "baseline",
      modelName: undefined,
      profile: { threshold: 0, aggregation: "mean" },
    });
    expect(resolveMethod("lead", []).id).toBe("lead");
  });
  it("gives token models a cached scorer, and creates a scorer once per method object", async () => {
    expect(resolveMethod("model", models).cachedScorer).toBeTypeOf("function");
    const bm25 = resolveMethod("bm25", []);
    expect(bm25.cachedScorer).toBeUndefined();
    expect(await bm25.scorer()).toBe(await bm25.scorer());
  });
  it("knows the oracle in evaluation only", async () => {
    expect(() => resolveMethod("oracle", models)).toThrow(/Unknown method/);
    const oracle = resolveMethod("oracle", models, { oracle: true });
    expect(fields(oracle)).toMatchObject({ id: "oracle", kind: "oracle", profile: { threshold: 0, aggregation: "mean" } });
    await expect(oracle.scorer()).rejects.toMatchObject({ code: "BAD_REQUEST" });
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
  it("LLM methods need a judge server unless resolved for a research view", () => {
    const llm = resolveMethod("hybrid:bm25", [], { requireJudge: false });
    expect(fields(llm)).toMatchObject({ id: "hybrid:bm25", kind: "llm", profile: { threshold: 0.5, aggregation: "mean" } });
    expect(() => resolveMethod("hybrid:lead", [], { requireJudge: false })).toThrow(/unknown hybrid filter/);
  });
});
