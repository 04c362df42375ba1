import { breakdownToCsv } from "@/lib/eval/research-csv";
import { categoriesQuerySchema } from "@/lib/schemas/research";
import { withAuth } from "@/lib/server/auth/with-auth";
import { csvResponse } from "@/lib/server/http/csv-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/research/categories – the share of tokens per category before and after compression, as JSON or CSV
/**
 * GET ?datasetId&domain&from&to&method&preset|threshold&format → CategoryBreakdown (all pairs and per category source:
 * gold, judge, model, none), or its rows as CSV. Model probabilities from the cache. pair:read.
 */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const { format, ...filters } = categoriesQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { breakdown } = await computeCategoryBreakdown({ filters });
  if (format !== "csv") return breakdown;
  const parts = [{ source: "all", rows: breakdown.all.rows }, ...Object.entries(breakdown.bySource).map(([source, p]) => ({ source, rows: p.rows }))];
  return csvResponse("category-breakdown.csv", breakdownToCsv(parts));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
