import { withAuth } from "@/lib/server/auth/with-auth";
import { adjudicatePair } from "@/lib/server/db/annotations/adjudicate-pair";
import { getGoldSpans } from "@/lib/server/db/annotations/get-gold-spans";
import { goldRequestSchema, idParamsSchema } from "@/lib/server/db/annotations/review-request-schemas";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET → { pairId, status, version, reviewerId, reviewComment, reviewedAt, adjudicatedAt, adjudicatedById, spans } (pair:read). */
export const GET = withAuth<Ctx>({ permission: "pair:read" }, async (_req, ctx) => {
  const { id } = idParamsSchema.parse(await ctx.params);
  return getGoldSpans({ pairId: id });
});

/**
 * PUT { spans: SpanInput[] (≥ 1), comment?, version? } → adjudicatePair's result (pair:review). 403 when the
 * reviewer's own annotation is the only one (four-eyes), 409 on a stale version, 422 for spans that do not fit.
 */
export const PUT = withAuth<Ctx>({ permission: "pair:review" }, async (req, ctx, user) => {
  const { id } = idParamsSchema.parse(await ctx.params);
  const body = goldRequestSchema.parse(await readJsonBody(req, { maxBytes: 4 * 1024 * 1024 }));
  return adjudicatePair({
    pairId: id,
    reviewerId: user.id,
    spans: body.spans,
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
