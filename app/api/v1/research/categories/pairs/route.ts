import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET (the breakdown's filters)&category&limit → {category, pairs}: texts, category spans and kept spans. pair:read. */
export const GET = defineRoute(OPERATIONS.getCategoryPairs, async ({ query: { category, limit, ...filters } }) => {
  const { pairs } = await computeCategoryBreakdown({ filters, pairsOf: { category, limit } });
  return { category, pairs };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
