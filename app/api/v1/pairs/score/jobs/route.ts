import { z } from "zod";
import { isAppError } from "@/lib/errors";
import { withAuth } from "@/lib/server/auth/with-auth";
import { zId } from "@/lib/server/db/annotations/schemas";
import { getDataset } from "@/lib/server/db/datasets/get-dataset";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { findScoreJob, startScoreJob } from "@/lib/server/jobs/score-jobs";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const startSchema = z.strictObject({
  datasetId: zId.optional(),
  /** A token model: "model" (default), "model:<name>" or a bare model name. */
  model: z.string().min(1).max(200).optional(),
});
const querySchema = z.strictObject({ datasetId: zId.optional() });

/**
 * POST {datasetId?, model?} → 202 {job, started: true}: scores every pair without model scores of the dataset (all
 * datasets when omitted) in the background; 200 {job, started: false} when a job for that scope is already running.
 * Poll GET …/jobs/{id} (or GET …/jobs?datasetId=) for progress. model:run.
 */
export const POST = withAuth({ permission: "model:run" }, async (req, _ctx, user) => {
  const raw = await readJsonBody(req, { maxBytes: 16 * 1024 }).catch((e: unknown) => {
    if (isAppError(e) && e.code === "BAD_REQUEST" && /empty/.test(e.message)) return {};
    throw e;
  });
  const { datasetId, model } = startSchema.parse(raw);
  if (datasetId) await getDataset({ id: datasetId }); // 404 for an unknown dataset
  const { job, started } = startScoreJob({ startedBy: user.id, ...(datasetId ? { datasetId } : {}), ...(model ? { model } : {}) });
  return Response.json({ job, started }, { status: started ? 202 : 200 });
});

/** GET ?datasetId= → {job}: the running job of that scope, else its latest finished one, else null. model:run. */
export const GET = withAuth({ permission: "model:run" }, async (req) => {
  const { datasetId } = querySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return { job: findScoreJob(datasetId ? { datasetId } : {}) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST", "GET"]);
