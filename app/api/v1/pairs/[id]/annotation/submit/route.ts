import { submitAnnotation } from "@/lib/server/db/annotations/submit-annotation";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST {version?, comment?} → 200 {annotationId, status: "submitted", version, pairStatus}; 409 when stale or not in progress. */
export const POST = defineRoute(OPERATIONS.submitAnnotation, async ({ params: { id }, user, readBody }) => {
  const body = await readBody();
  return submitAnnotation({
    pairId: id,
    annotatorId: user.id,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
