import { describe, expect, it } from "vitest";
import { formatModelMethod, methodOptions, parseMethod, resolveBudget } from "./methods";

describe("resolveBudget", () => {
  it("maps presets and prefers an explicit budget", () => {
    expect(resolveBudget({ preset: "low" })).toBe(1000);
    expect(resolveBudget({ preset: "high" })).toBe(10000);
    expect(resolveBudget({})).toBe(4000);
    expect(resolveBudget({ preset: "low", budget: 123 })).toBe(123);
    expect(resolveBudget({ budget: Infinity })).toBe(Infinity);
  });
  it("rejects bad input", () => {
    expect(() => resolveBudget({ preset: "huge" })).toThrow(/Unknown preset/);
    expect(() => resolveBudget({ budget: -1 })).toThrow(/non-negative/);
    expect(() => resolveBudget({ budget: NaN })).toThrow(/non-negative/);
  });
});

describe("method names", () => {
  it("parses every spelling a request or the CLI uses", () => {
    expect(parseMethod("model")).toEqual({ kind: "default-model" });
    expect(parseMethod(" ")).toEqual({ kind: "default-model" });
    expect(parseMethod("model:snippet-mini")).toEqual({ kind: "model", name: "snippet-mini" });
    expect(parseMethod("snippet-mini")).toEqual({ kind: "model", name: "snippet-mini" });
    expect(parseMethod("bm25")).toEqual({ kind: "baseline", name: "bm25" });
    expect(parseMethod("lead")).toEqual({ kind: "baseline", name: "lead" });
    expect(parseMethod("oracle")).toEqual({ kind: "oracle" });
  });
  it("formats what it parses back", () => {
    expect(formatModelMethod("snippet-mini")).toBe("model:snippet-mini");
    expect(parseMethod(formatModelMethod("a.b-c"))).toEqual({ kind: "model", name: "a.b-c" });
  });
  it("lists models (default marked) before the baselines", () => {
    expect(
      methodOptions([
        { name: "a", default: false },
        { name: "b", default: true },
      ]),
    ).toEqual([
      { value: "model:a", label: "a" },
      { value: "model:b", label: "b (default)" },
      { value: "bm25", label: "BM25 (baseline)" },
      { value: "lead", label: "Lead sentences (baseline)" },
      { value: "embedding", label: "Word-vector similarity (baseline)" },
    ]);
  });
});
