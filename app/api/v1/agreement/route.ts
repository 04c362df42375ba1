import { withAuth } from "@/lib/server/auth/with-auth";
import { computeDatasetAgreement } from "@/lib/server/db/agreement/compute-dataset-agreement";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/agreement – agreement per category and the lowest-agreement pairs of a dataset
/**
 * GET ?datasetId&metric=kappa|charF1&category=micro|<category> → DatasetAgreement (pair:read: agreement figures hold
 * no span content, and annotators benefit from seeing where labels diverge). 400 without datasetId, 404 unknown.
 */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const sp = new URL(req.url).searchParams;
  const q = agreementQuerySchema.parse({
    datasetId: sp.get("datasetId") ?? undefined,
    metric: sp.get("metric") || undefined,
    category: sp.get("category") || undefined,
  });
  return computeDatasetAgreement({ datasetId: q.datasetId, rankBy: { metric: q.metric, category: q.category } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
