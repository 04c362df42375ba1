import { withAuth } from "@/lib/server/auth/with-auth";
import { adjudicatePair } from "@/lib/server/db/annotations/adjudicate-pair";
import { getGoldSpans } from "@/lib/server/db/annotations/get-gold-spans";
import { goldRequestSchema } from "@/lib/schemas/review";
import { idParamsSchema } from "@/lib/schemas/ids";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/{id}/gold – the pair's adjudicated gold spans
/** GET → { pairId, status, version, reviewerId, reviewComment, reviewedAt, adjudicatedAt, adjudicatedById, spans } (pair:read). */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (_req, { params: { id } }) => {
  return getGoldSpans({ pairId: id });
});

// PUT /api/v1/pairs/{id}/gold – adjudicate the pair's gold spans
/**
 * PUT { spans: SpanInput[] (≥ 1), comment?, version? } → adjudicatePair's result (pair:review). 403 when the
 * reviewer's own annotation is the only one (four-eyes), 409 on a stale version, 422 for spans that do not fit.
 */
export const PUT = withAuth({ permission: "pair:review", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const body = goldRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.gold }));
  return adjudicatePair({
    pairId: id,
    reviewerId: user.id,
    spans: body.spans,
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
