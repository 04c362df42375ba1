import { breakdownToCsv } from "@/lib/eval/research-csv";
import { csvResponse } from "@/lib/server/http/csv-response";
import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&domain&from&to&method&preset|threshold&format → CategoryBreakdown (all pairs and per category source:
 * gold, judge, model, none), or its rows as CSV. Model probabilities from the cache. pair:read.
 */
export const GET = defineRoute(OPERATIONS.getCategoryBreakdown, async ({ query: { format, ...filters } }) => {
  const { breakdown } = await computeCategoryBreakdown({ filters });
  if (format !== "csv") return breakdown;
  const parts = [{ source: "all", rows: breakdown.all.rows }, ...Object.entries(breakdown.bySource).map(([source, p]) => ({ source, rows: p.rows }))];
  return csvResponse("category-breakdown.csv", breakdownToCsv(parts));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
