import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRun } from "@/lib/server/judge/judge-runs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/judge/runs/{id} – one judge run: progress, tokens, cost, matching rates per step, failures
/** GET → {run: JudgeRunSummary}; 404 when unknown. pair:read. */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (_req, { params: { id } }) => ({
  run: await readJudgeRun({ id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
