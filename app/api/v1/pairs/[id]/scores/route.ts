import { isAppError } from "@/lib/errors";
import { scorePairRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { scorePair } from "@/lib/server/pairs/score-pair";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST {model?} → 200 PairScoresOut (per document: text, blocks, units, tokenScores, tokensIn; model, threshold,
 * aggregation). Reading scores is part of viewing a pair (pair:read); probabilities are cached in ModelRun.
 */
export const POST = withAuth<Ctx>({ permission: "pair:read" }, async (req, ctx) => {
  const { id } = await ctx.params;
  const body = scorePairRequestSchema.parse(await readJsonBody(req, { maxBytes: 4 * 1024 }).catch(emptyBody));
  return scorePair({ pairId: id, ...(body.model ? { model: body.model } : {}) });
});

/** An empty POST body means "the default model". */
function emptyBody(e: unknown): unknown {
  if (isAppError(e) && e.code === "BAD_REQUEST" && /body is empty/.test(e.message)) return {};
  throw e;
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
