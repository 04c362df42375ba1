import { isAppError } from "@/lib/errors";
import { judgeRequestSchema } from "@/lib/judge/schemas";
import { withAuth } from "@/lib/server/auth/with-auth";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { runJudge } from "@/lib/server/judge/run-judge";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST {documentIds?, refreshIntents?} → 200 {intents, suggestions: StoredSuggestion[], unmatched} after running
 * the LLM judge on the pair (model:run). 503 when the judge is not configured or its server fails; 404 unknown pair.
 */
export const POST = withAuth<Ctx>({ permission: "model:run" }, async (req, ctx) => {
  const { id } = await ctx.params;
  const body = judgeRequestSchema.parse(await readJsonBody(req, { maxBytes: 64 * 1024 }).catch(emptyBody));
  return runJudge({
    pairId: id,
    ...(body.documentIds ? { documentIds: body.documentIds } : {}),
    ...(body.refreshIntents !== undefined ? { refreshIntents: body.refreshIntents } : {}),
  });
});

/** An empty POST body means "every document of the pair". */
function emptyBody(e: unknown): unknown {
  if (isAppError(e) && e.code === "BAD_REQUEST" && /body is empty/.test(e.message)) return {};
  throw e;
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
