import { idParamsSchema } from "@/lib/schemas/ids";
import { judgeRequestSchema } from "@/lib/judge/schemas";
import { withAuth } from "@/lib/server/auth/with-auth";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { runJudge } from "@/lib/server/judge/run-judge";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/{id}/judge – run the LLM judge on the pair
/**
 * POST {documentIds?, refreshIntents?, variant?} → 200 {intents, suggestions: StoredSuggestion[], unmatched, matches,
 * usage, promptVersion} after running the LLM judge on the pair (model:run; replies cached, so an unchanged pair costs
 * nothing). 503 when the judge is not configured or its server fails; 404 unknown pair; 422 a document not in it.
 */
export const POST = withAuth({ permission: "model:run", params: idParamsSchema }, async (req, { params: { id } }) => {
  // An empty body means "every document of the pair".
  const body = judgeRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.comment, emptyAs: {} }));
  return runJudge({
    pairId: id,
    ...(body.documentIds ? { documentIds: body.documentIds } : {}),
    ...(body.refreshIntents !== undefined ? { refreshIntents: body.refreshIntents } : {}),
    ...(body.variant ? { variant: body.variant } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
