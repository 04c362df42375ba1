import { reviewAnnotation } from "@/lib/server/db/annotations/review-annotation";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST { decision: "accept"|"reject", comment? (required to reject), version? } → { annotationId, status, version,
 * pairStatus } (pair:review). 400 reject without comment; 403 own annotation; 404 unknown; 409 not submitted / stale.
 */
export const POST = defineRoute(OPERATIONS.reviewAnnotation, async ({ params: { id }, user, readBody }) => {
  const body = await readBody();
  return reviewAnnotation({
    annotationId: id,
    reviewerId: user.id,
    decision: body.decision,
    comment: body.comment ?? null,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
