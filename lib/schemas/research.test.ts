// The research views' queries refuse a date that only looks like one (found by `snippet-lab fuzz-api`: "2026-13-45"
// passed the pattern and failed the database query with a 500).
import { describe, expect, it } from "vitest";
import { categoriesQuerySchema } from "./research";

describe("categoriesQuerySchema dates", () => {
  it("takes calendar days, leap days included", () => {
    expect(categoriesQuerySchema.safeParse({ from: "2024-02-29", to: "9999-12-31" }).success).toBe(true);
  });

  it.each(["2026-13-45", "0007-71-04", "6907-00-03", "2023-02-29", "2024-04-31", "2024-1-01"])("refuses %s (400, not a database error)", (day) => {
    const parsed = categoriesQuerySchema.safeParse({ from: day });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["from"]);
  });
});
