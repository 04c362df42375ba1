import { idParamsSchema } from "@/lib/schemas/ids";
import { saveAnnotationRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getAnnotation } from "@/lib/server/db/annotations/get-annotation";
import { saveAnnotationSpans } from "@/lib/server/db/annotations/save-annotation-spans";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/{id}/annotation – my annotation of the pair
/** GET → {annotation: AnnotationState | null}: my annotation of the pair; null before my first save (never created here). */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (_req, { params: { id } }, user) => {
  return { annotation: await getAnnotation({ pairId: id, annotatorId: user.id }) };
});

// PUT /api/v1/pairs/{id}/annotation – save my spans (versioned: 409 on a conflict)
/**
 * PUT {version, spans} → 200 SaveAnnotationSpansResult (version, spans, idMap…). The first save creates the
 * annotation. 409 CONFLICT with details {reason, version, spans, status} when the version is stale or locked.
 */
export const PUT = withAuth({ permission: "pair:annotate", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const { version, spans } = saveAnnotationRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.annotation }));
  return saveAnnotationSpans({ pairId: id, annotatorId: user.id, baseVersion: version, spans });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
