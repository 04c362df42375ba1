import { assertPairView } from "@/lib/server/db/annotations/assert-pair-view";
import { scorePair } from "@/lib/server/pairs/score-pair";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {model?} → 200 PairScoresOut (per document: text, blocks, units, tokenScores, tokensIn; model, threshold,
 * aggregation). Reading scores is part of viewing a pair (pair:read); probabilities are cached in ModelRun. 403 where
 * blind annotation hides predictions from the caller (the heatmap and snippet are the model's pre-annotation).
 */
export const POST = defineRoute(OPERATIONS.scorePair, async ({ params: { id }, readBody, user }) => {
  // An empty body means "the default model".
  const body = await readBody();
  await assertPairView({ pairId: id, user, see: "predictions" });
  return scorePair({ pairId: id, ...(body.model ? { model: body.model } : {}) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
