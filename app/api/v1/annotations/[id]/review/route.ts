import { withAuth } from "@/lib/server/auth/with-auth";
import { reviewRequestSchema } from "@/lib/schemas/review";
import { idParamsSchema } from "@/lib/schemas/ids";
import { reviewAnnotation } from "@/lib/server/db/annotations/review-annotation";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/annotations/{id}/review – accept or reject a submitted annotation
/**
 * POST { decision: "accept"|"reject", comment? (required to reject), version? } → { annotationId, status, version,
 * pairStatus } (pair:review). 400 reject without comment; 403 own annotation; 404 unknown; 409 not submitted / stale.
 */
export const POST = withAuth({ permission: "pair:review", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const body = reviewRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.comment }));
  return reviewAnnotation({
    annotationId: id,
    reviewerId: user.id,
    decision: body.decision,
    comment: body.comment ?? null,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
