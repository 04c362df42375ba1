import { idParamsSchema } from "@/lib/schemas/ids";
import { submitAnnotationRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { submitAnnotation } from "@/lib/server/db/annotations/submit-annotation";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/{id}/annotation/submit – submit my annotation for review
/** POST {version?, comment?} → 200 {annotationId, status: "submitted", version, pairStatus}; 409 when stale or not in progress. */
export const POST = withAuth({ permission: "pair:annotate", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const body = submitAnnotationRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.comment }));
  return submitAnnotation({
    pairId: id,
    annotatorId: user.id,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
