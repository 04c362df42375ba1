import { categoryPairsQuerySchema } from "@/lib/schemas/research";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/research/categories/pairs – the pairs behind one category bar, uncompressed and compressed
/** GET (the breakdown's filters)&category&limit → {category, pairs}: texts, category spans and kept spans. pair:read. */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const { category, limit, ...filters } = categoryPairsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { pairs } = await computeCategoryBreakdown({ filters, pairsOf: { category, limit } });
  return { category, pairs };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
