import { idParamsSchema } from "@/lib/schemas/ids";
import { scorePairRequestSchema } from "@/lib/schemas/scoring";
import { withAuth } from "@/lib/server/auth/with-auth";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { scorePair } from "@/lib/server/pairs/score-pair";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/{id}/scores – token probabilities, units and snippet of the pair (cached per model)
/**
 * POST {model?} → 200 PairScoresOut (per document: text, blocks, units, tokenScores, tokensIn; model, threshold,
 * aggregation). Reading scores is part of viewing a pair (pair:read); probabilities are cached in ModelRun.
 */
export const POST = withAuth({ permission: "pair:read", params: idParamsSchema }, async (req, { params: { id } }) => {
  // An empty body means "the default model".
  const body = scorePairRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.scorePair, emptyAs: {} }));
  return scorePair({ pairId: id, ...(body.model ? { model: body.model } : {}) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
