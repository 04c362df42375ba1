import { submitAnnotation } from "@/lib/server/db/annotations/submit-annotation";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {version?, comment?, noVital?} → 200 {annotationId, status: "submitted", version, pairStatus, noVital}; 409 when
 * stale or not in progress, 422 for noVital with vital spans.
 */
export const POST = defineRoute(OPERATIONS.submitAnnotation, async ({ params: { id }, user, readBody }) => {
  const body = await readBody();
  return submitAnnotation({
    pairId: id,
    annotatorId: user.id,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
    ...(body.noVital !== undefined ? { noVital: body.noVital } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
