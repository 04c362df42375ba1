import { withAuth } from "@/lib/server/auth/with-auth";
import { idParamsSchema, reviewRequestSchema } from "@/lib/server/db/annotations/review-request-schemas";
import { reviewAnnotation } from "@/lib/server/db/annotations/review-annotation";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST { decision: "accept"|"reject", comment? (required to reject), version? } → { annotationId, status, version,
 * pairStatus } (pair:review). 400 reject without comment; 403 own annotation; 404 unknown; 409 not submitted / stale.
 */
export const POST = withAuth<Ctx>({ permission: "pair:review" }, async (req, ctx, user) => {
  const { id } = idParamsSchema.parse(await ctx.params);
  const body = reviewRequestSchema.parse(await readJsonBody(req, { maxBytes: 64 * 1024 }));
  return reviewAnnotation({
    annotationId: id,
    reviewerId: user.id,
    decision: body.decision,
    comment: body.comment ?? null,
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
