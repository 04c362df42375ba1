import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { cancelJudgeRun } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST → {run}; 409 when no job of the run is live; 404 unknown run. model:run. */
export const POST = defineRoute(OPERATIONS.cancelJudgeRun, async ({ params: { id } }) => {
  return { run: await cancelJudgeRun({ id }) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
