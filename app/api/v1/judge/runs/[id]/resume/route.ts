import { idParamsSchema } from "@/lib/schemas/ids";
import { resumeJudgeRunRequestSchema } from "@/lib/schemas/judge";
import { withAuth } from "@/lib/server/auth/with-auth";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { resumeJudgeRun } from "@/lib/server/judge/judge-runs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/judge/runs/{id}/resume – go on with a stopped judge run (and, asked, judge its failed pairs again)
/** POST {retryFailed?} → {run}; 409 when there is nothing to resume; 404 unknown run. model:run. */
export const POST = withAuth({ permission: "model:run", params: idParamsSchema }, async (req, { params: { id } }) => {
  const body = resumeJudgeRunRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.jobs, emptyAs: {} }));
  return { run: await resumeJudgeRun({ id, ...(body.retryFailed ? { retryFailed: true } : {}) }) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
