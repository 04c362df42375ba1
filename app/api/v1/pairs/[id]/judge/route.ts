import { runJudge } from "@/lib/server/judge/run-judge";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {documentIds?, refreshIntents?, variant?} → 200 {intents, suggestions: StoredSuggestion[], unmatched, matches,
 * usage, promptVersion} after running the LLM judge on the pair (model:run; replies cached, so an unchanged pair costs
 * nothing). 503 when the judge is not configured or its server fails; 404 unknown pair; 422 a document not in it.
 */
export const POST = defineRoute(OPERATIONS.runJudge, async ({ params: { id }, readBody }) => {
  // An empty body means "every document of the pair".
  const body = await readBody();
  return runJudge({
    pairId: id,
    ...(body.documentIds ? { documentIds: body.documentIds } : {}),
    ...(body.refreshIntents !== undefined ? { refreshIntents: body.refreshIntents } : {}),
    ...(body.variant ? { variant: body.variant } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
