import { adjudicatePair } from "@/lib/server/db/annotations/adjudicate-pair";
import { assertPairView } from "@/lib/server/db/annotations/assert-pair-view";
import { getGoldSpans } from "@/lib/server/db/annotations/get-gold-spans";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET → { pairId, status, version, reviewerId, reviewComment, reviewedAt, adjudicatedAt, adjudicatedById, noVital, spans }
 * (pair:read). The answer key: 403 for a user blind annotation keeps from it (until they submit).
 */
export const GET = defineRoute(OPERATIONS.getGold, async ({ params: { id }, user }) => {
  await assertPairView({ pairId: id, user, see: "gold" });
  return getGoldSpans({ pairId: id });
});

/**
 * PUT { spans: SpanInput[] (≥ 1 unless noVital), noVital?, comment?, version? } → adjudicatePair's result (pair:review). 403 when the
 * reviewer's own annotation is the only one (four-eyes), 409 on a stale version, 422 for spans that do not fit.
 */
export const PUT = defineRoute(OPERATIONS.saveGold, async ({ params: { id }, user, readBody }) => {
  const body = await readBody();
  return adjudicatePair({
    pairId: id,
    reviewerId: user.id,
    spans: body.spans,
    ...(body.noVital !== undefined ? { noVital: body.noVital } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
    ...(body.version !== undefined ? { baseVersion: body.version } : {}),
  });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
