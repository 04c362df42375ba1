import { computeDatasetAgreement } from "@/lib/server/db/agreement/compute-dataset-agreement";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&metric=kappa|charF1&category=micro|<category> → DatasetAgreement (pair:read: agreement figures hold
 * no span content, and annotators benefit from seeing where labels diverge). Only blind annotations are compared; an
 * annotator blinded on the dataset gets the figures of the pairs they have submitted only. 400 without datasetId,
 * 404 unknown.
 */
export const GET = defineRoute(OPERATIONS.getAgreement, async ({ query: q, user }) => {
  return computeDatasetAgreement({ datasetId: q.datasetId, rankBy: { metric: q.metric, category: q.category }, viewer: user });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
