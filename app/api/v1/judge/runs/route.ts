import { hideBlindJudgeQuotes } from "@/lib/server/judge/hide-blind-judge-quotes";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRuns } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&limit → {runs: JudgeRunSummary[]}. Start runs with POST /api/v1/jobs (kind judge-run). pair:read;
 * the judge's quotes on pairs whose predictions blind annotation hides from the caller are left out.
 */
export const GET = defineRoute(OPERATIONS.listJudgeRuns, async ({ query: q, user }) => {
  const runs = await readJudgeRuns({ ...(q.datasetId ? { datasetId: q.datasetId } : {}), limit: q.limit });
  return { runs: await hideBlindJudgeQuotes({ runs, viewer: user }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
