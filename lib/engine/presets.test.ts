import { describe, expect, it } from "vitest";
import { resolveBudget } from "./presets";

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
