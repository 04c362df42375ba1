import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRuns } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET ?datasetId&limit → {runs: JudgeRunSummary[]}. Start runs with POST /api/v1/jobs (kind judge-run). pair:read. */
export const GET = defineRoute(OPERATIONS.listJudgeRuns, async ({ query: q }) => {
  return { runs: await readJudgeRuns({ ...(q.datasetId ? { datasetId: q.datasetId } : {}), limit: q.limit }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
