import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRun } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {run: JudgeRunSummary}; 404 when unknown. pair:read. */
export const GET = defineRoute(OPERATIONS.getJudgeRun, async ({ params: { id } }) => ({
  run: await readJudgeRun({ id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
