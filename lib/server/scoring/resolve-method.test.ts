import { describe, expect, it } from "vitest";
import { prepareResult } from "../../engine/prepare-result";
import type { SelectionProfile } from "../../engine/profile";
import { createBm25Scorer } from "../../engine/scorers/bm25";
import { resolveMethod } from "./resolve-method";

const profile = (threshold: number, aggregation: "mean" | "max" = "mean", selection = {}): SelectionProfile => ({
  units: { aggregation },
  selection: { threshold, ...selection },
});
const models = [
  { name: "mini", default: false, profile: profile(0.4, "max") },
  { name: "base", default: true, profile: profile(0.55) },
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
      profile: profile(0.55),
    });
  });
  it("accepts model:<name> and a bare name", () => {
    expect(resolveMethod("model:mini", models).id).toBe("model:mini");
    expect(fields(resolveMethod("mini", models))).toEqual({
      id: "model:mini",
      label: "mini",
      kind: "model",
      modelName: "mini",
      profile: profile(0.4, "max"),
    });
  });
  it("carries a model's calibrated floors in its profile, and none for baselines", () => {
    const calibrated = [{ name: "cal", default: true, profile: profile(0.2, "mean", { fallbackFloor: 0.3, floor: 0.002 }) }];
    expect(resolveMethod("model", calibrated).profile.selection).toMatchObject({ threshold: 0.2, fallbackFloor: 0.3, floor: 0.002 });
    expect(resolveMethod("bm25", calibrated).profile.selection).not.toHaveProperty("floor");
  });
  it("baselines default to threshold 0", () => {
    expect(fields(resolveMethod("bm25", []))).toEqual({
      id: "bm25",
      label: "BM25 (baseline)",
      kind: "baseline",
      modelName: undefined,
      profile: profile(0),
    });
    expect(resolveMethod("lead", []).id).toBe("lead");
  });
  it("creates a scorer once per method object, and scores with it", async () => {
    const bm25 = resolveMethod("bm25", []);
    expect(await bm25.scorer()).toBe(await bm25.scorer());
    const results = [prepareResult({ id: "a", text: "The museum opens at ten. Tickets cost five euros." })];
    const input = { query: "when does the museum open", results, aggregation: "mean" as const };
    expect(await bm25.score(input)).toEqual(await createBm25Scorer().scoreUnits({ ...input, results: [...results] }));
  });
  it("gives a token model's evidence from cached probabilities without loading it", async () => {
    // "mini" has no folder: a cached run needs none (its similarity stage is absent: nothing else is read).
    const results = [prepareResult({ id: "a", text: "The museum opens at ten. Tickets cost five euros." })];
    const cached = [{ starts: Int32Array.from([0, 4]), ends: Int32Array.from([3, 10]), probs: Float32Array.from([0.2, 0.9]) }];
    const evidence = await resolveMethod("model:mini", models).score({ query: "when", results, cached });
    expect(evidence).toEqual({ tokenScores: cached, parts: 1 });
  });
  it("knows the oracle in evaluation only", async () => {
    expect(() => resolveMethod("oracle", models)).toThrow(/Unknown method/);
    const oracle = resolveMethod("oracle", models, { oracle: true });
    expect(fields(oracle)).toMatchObject({ id: "oracle", kind: "oracle", profile: profile(0) });
    await expect(oracle.scorer()).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(oracle.score({ query: "q", results: [] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
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
    expect(fields(llm)).toMatchObject({ id: "hybrid:bm25", kind: "llm", profile: profile(0.5) });
    expect(() => resolveMethod("hybrid:lead", [], { requireJudge: false })).toThrow(/unknown hybrid filter/);
  });
});
