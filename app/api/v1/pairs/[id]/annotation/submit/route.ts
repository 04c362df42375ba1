import { submitAnnotationRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { submitAnnotation } from "@/lib/server/db/annotations/submit-annotation";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** POST {version?, comment?} → 200 {annotationId, status: "submitted", version, pairStatus}; 409 when stale or not in progress. */
export const POST = withAuth<Ctx>({ permission: "pair:annotate" }, async (req, ctx, user) => {
  const { id } = await ctx.params;
  const body = submitAnnotationRequestSchema.parse(await readJsonBody(req, { maxBytes: 64 * 1024 }));
  return submitAnnotation({
    pairId: id,
    annotatorId: user.id,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
