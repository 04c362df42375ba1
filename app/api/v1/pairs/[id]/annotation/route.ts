import { saveAnnotationRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getAnnotation } from "@/lib/server/db/annotations/get-annotation";
import { saveAnnotationSpans } from "@/lib/server/db/annotations/save-annotation-spans";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET → {annotation: AnnotationState | null}: my annotation of the pair; null before my first save (never created here). */
export const GET = withAuth<Ctx>({ permission: "pair:read" }, async (_req, ctx, user) => {
  const { id } = await ctx.params;
  return { annotation: await getAnnotation({ pairId: id, annotatorId: user.id }) };
});

/**
 * PUT {version, spans} → 200 SaveAnnotationSpansResult (version, spans, idMap…). The first save creates the
 * annotation. 409 CONFLICT with details {reason, version, spans, status} when the version is stale or locked.
 */
export const PUT = withAuth<Ctx>({ permission: "pair:annotate" }, async (req, ctx, user) => {
  const { id } = await ctx.params;
  const { version, spans } = saveAnnotationRequestSchema.parse(await readJsonBody(req, { maxBytes: 8 * 1024 * 1024 }));
  return saveAnnotationSpans({ pairId: id, annotatorId: user.id, baseVersion: version, spans });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
