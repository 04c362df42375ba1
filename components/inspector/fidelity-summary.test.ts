import { describe, expect, it } from "vitest";
import { fidelitySummary } from "./fidelity-summary";

describe("fidelitySummary", () => {
  it("counts one piece and one violation in the singular", () => {
    expect(fidelitySummary({ checked: 1, violations: [] })).toBe("no violation in 1 piece checked");
    expect(fidelitySummary({ checked: 1, violations: [{}] })).toBe("1 violation in 1 piece checked");
  });
  it("counts several in the plural", () => {
    expect(fidelitySummary({ checked: 0, violations: [] })).toBe("no violation in 0 pieces checked");
    expect(fidelitySummary({ checked: 3, violations: [{}, {}] })).toBe("2 violations in 3 pieces checked");
  });
});
