import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { cancelJudgeRun } from "@/lib/server/judge/judge-runs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/judge/runs/{id}/cancel – cancel every queued or running job of a judge run
/** POST → {run}; 409 when no job of the run is live; 404 unknown run. model:run. */
export const POST = withAuth({ permission: "model:run", params: idParamsSchema }, async (_req, { params: { id } }) => {
  return { run: await cancelJudgeRun({ id }) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
