import { describe, expect, it } from "vitest";
import { customBudgetProblem, withCustomBudgetInput } from "./custom-budget";
import type { SelectionControlsState } from "./types";
import { budgetOf } from "./use-live-selection";

const base: SelectionControlsState = { threshold: 0.5, budgetMode: "custom", customBudget: 2_000, aggregation: "mean" };

describe("custom budget field", () => {
  it("refuses −5 instead of turning it into 1: the last valid budget stays in use and the problem is said", () => {
    const c = withCustomBudgetInput(base, "-5");
    expect(c.customBudget).toBe(2_000);
    expect(budgetOf(c)).toBe(2_000);
    expect(c.customBudgetInput).toBe("-5");
    expect(customBudgetProblem(c)).toBe("budget must be at least 1");
  });

  it("refuses a fraction, zero, an empty field and more than the API allows", () => {
    for (const raw of ["1.5", "0", "", "1000001"]) {
      const c = withCustomBudgetInput(base, raw);
      expect(customBudgetProblem(c), raw).not.toBeNull();
      expect(budgetOf(c), raw).toBe(2_000);
    }
  });

  it("takes a valid budget and forgets the invalid text", () => {
    const bad = withCustomBudgetInput(base, "-5");
    const good = withCustomBudgetInput(bad, "20");
    expect(good).toEqual({ ...base, customBudget: 20 });
    expect(customBudgetProblem(good)).toBeNull();
    expect(budgetOf(good)).toBe(20);
  });

  it("does not block a preset while the custom field holds bad text", () => {
    const bad = withCustomBudgetInput(base, "-5");
    expect(customBudgetProblem({ ...bad, budgetMode: "low" })).toBeNull();
  });
});
