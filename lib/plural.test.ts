import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "piece")).toBe("1 piece");
    expect(plural(0, "piece")).toBe("0 pieces");
    expect(plural(2, "budget")).toBe("2 budgets");
    expect(plural(1.5, "token")).toBe("1.5 tokens");
  });

  it("takes an irregular plural and groups thousands", () => {
    expect(plural(3, "query", "queries")).toBe("3 queries");
    expect(plural(1, "query", "queries")).toBe("1 query");
    expect(plural(12_345, "violation")).toBe("12,345 violations");
  });
});
