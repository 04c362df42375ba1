import { listJudgeRunsQuerySchema } from "@/lib/schemas/judge";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRuns } from "@/lib/server/judge/judge-runs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/judge/runs – LLM judge runs with their progress, tokens, cost and matching rates, newest first
/** GET ?datasetId&limit → {runs: JudgeRunSummary[]}. Start runs with POST /api/v1/jobs (kind judge-run). pair:read. */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const q = listJudgeRunsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return { runs: await readJudgeRuns({ ...(q.datasetId ? { datasetId: q.datasetId } : {}), limit: q.limit }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
