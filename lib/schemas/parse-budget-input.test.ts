import { describe, expect, it } from "vitest";
import { COMPRESS_LIMITS } from "./limits";
import { compressRequestSchema } from "./compress";
import { formatZodError } from "./format-zod-issues";
import { parseBudgetInput } from "./parse-budget-input";

/** What POST /api/v1/compress answers for this budget (handle-route formats zod errors the same way). */
function apiMessage(budget: number): string | null {
  const body = { query: "q", results: [{ text: "t" }], budget };
  const parsed = compressRequestSchema.safeParse(body);
  return parsed.success ? null : formatZodError(parsed.error, { input: body });
}

describe("parseBudgetInput", () => {
  it("refuses what the API refuses, in the API's words", () => {
    for (const raw of ["-5", "0", "1.5", String(COMPRESS_LIMITS.maxBudget + 1)]) {
      const r = parseBudgetInput(raw);
      expect(r.ok, raw).toBe(false);
      expect(r.ok ? null : r.message, raw).toBe(apiMessage(Number(raw)));
    }
    expect(parseBudgetInput("-5")).toEqual({ ok: false, message: "budget must be at least 1" });
  });

  it("takes what the API takes, the limits included", () => {
    for (const raw of ["1", "20", " 2000 ", String(COMPRESS_LIMITS.maxBudget)]) {
      expect(parseBudgetInput(raw)).toEqual({ ok: true, budget: Number(raw) });
      expect(apiMessage(Number(raw))).toBeNull();
    }
  });

  it("says a blank or non-numeric field needs a whole number", () => {
    expect(parseBudgetInput("")).toEqual({ ok: false, message: expect.stringMatching(/^budget is required/) });
    expect(parseBudgetInput("abc")).toEqual({ ok: false, message: "budget must be a whole number of downstream tokens" });
    expect(parseBudgetInput("Infinity").ok).toBe(false);
  });
});
