import { scoreJobQuerySchema, scoreJobRequestSchema } from "@/lib/schemas/scoring";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getDataset } from "@/lib/server/db/datasets/get-dataset";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { findScoreJob, startScoreJob } from "@/lib/server/jobs/score-jobs";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/score/jobs – score every unscored pair of a dataset in the background
/**
 * POST {datasetId?, model?} → 202 {job, started: true}: scores every pair without model scores of the dataset (all
 * datasets when omitted) in the background; 200 {job, started: false} when a job for that scope is already running.
 * Poll GET …/jobs/{id} (or GET …/jobs?datasetId=) for progress. model:run.
 */
export const POST = withAuth({ permission: "model:run" }, async (req, _ctx, user) => {
  const { datasetId, model } = scoreJobRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.scoring, emptyAs: {} }));
  if (datasetId) await getDataset({ id: datasetId }); // 404 for an unknown dataset
  const { job, started } = startScoreJob({ startedBy: user.id, ...(datasetId ? { datasetId } : {}), ...(model ? { model } : {}) });
  return Response.json({ job, started }, { status: started ? 202 : 200 });
});

// GET /api/v1/pairs/score/jobs – the running (else latest) scoring job of a scope
/** GET ?datasetId= → {job}: the running job of that scope, else its latest finished one, else null. model:run. */
export const GET = withAuth({ permission: "model:run" }, async (req) => {
  const { datasetId } = scoreJobQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return { job: findScoreJob(datasetId ? { datasetId } : {}) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST", "GET"]);
