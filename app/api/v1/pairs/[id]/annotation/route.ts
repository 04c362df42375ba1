import { getAnnotation } from "@/lib/server/db/annotations/get-annotation";
import { saveAnnotationSpans } from "@/lib/server/db/annotations/save-annotation-spans";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {annotation: AnnotationState | null}: my annotation of the pair; null before my first save (never created here). */
export const GET = defineRoute(OPERATIONS.getAnnotation, async ({ params: { id }, user }) => {
  return { annotation: await getAnnotation({ pairId: id, annotatorId: user.id }) };
});

/**
 * PUT {version, spans} → 200 SaveAnnotationSpansResult (version, spans, idMap…). The first save creates the
 * annotation. 409 CONFLICT with details {reason, version, spans, status} when the version is stale or locked.
 */
export const PUT = defineRoute(OPERATIONS.saveAnnotation, async ({ params: { id }, user, readBody }) => {
  const { version, spans } = await readBody();
  return saveAnnotationSpans({ pairId: id, annotatorId: user.id, baseVersion: version, spans });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
