// The short pass of `snippet-lab fuzz-api` in `npm test`: 1,500 requests generated from the operations' schemas
// (fixed seed) against the real route handlers on a temp SQLite database. Any 5xx, undocumented status, error body
// out of shape or row stored by a refused request fails it, with the failures and an example request each.
import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "@/lib/server/openapi/operations";
import { formatFuzzReport } from "./format-fuzz-report";
import { FOUND_FAILURES } from "./found-failures";
import { runApiFuzz } from "./run-api-fuzz";

describe("contract fuzzing of the HTTP API", () => {
  it("1,500 generated requests across every operation: no 5xx, only documented statuses, nothing stored by a refusal", async () => {
    const report = await runApiFuzz({ runs: 1_500, seed: 20_270_205 });
    const printed = formatFuzzReport(report);
    expect(report.failures, printed).toEqual([]);
    // The requests found failing before the fixes come first, each now answered as documented.
    expect(report.requests).toBe(1_500 + FOUND_FAILURES.length);
    expect(report.variants.regression).toBe(FOUND_FAILURES.length);
    // Every operation was called, and the handlers were reached, not only their guards.
    expect(Object.keys(report.operations).sort()).toEqual(API_OPERATIONS.map((o) => o.operationId).sort());
    const count = (from: number, to: number) =>
      Object.entries(report.statuses).reduce((n, [s, c]) => (Number(s) >= from && Number(s) < to ? n + c : n), 0);
    expect(count(200, 300), printed).toBeGreaterThan(400);
    expect(count(400, 500), printed).toBeGreaterThan(400);
    for (const status of ["400", "401", "403", "404", "409", "413", "422"])
      expect(report.statuses[status] ?? 0, `${status}\n${printed}`).toBeGreaterThan(0);
  }, 180_000);
});
