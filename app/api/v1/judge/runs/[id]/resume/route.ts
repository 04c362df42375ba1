import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { resumeJudgeRun } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST {retryFailed?} → {run}; 409 when there is nothing to resume; 404 unknown run. model:run. */
export const POST = defineRoute(OPERATIONS.resumeJudgeRun, async ({ params: { id }, readBody }) => {
  const body = await readBody();
  return { run: await resumeJudgeRun({ id, ...(body.retryFailed ? { retryFailed: true } : {}) }) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
