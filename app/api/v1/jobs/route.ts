import { listJobsQuerySchema, startJobRequestSchema } from "@/lib/schemas/jobs";
import { withAuth } from "@/lib/server/auth/with-auth";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { readJobs, startJob } from "@/lib/server/jobs/jobs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/jobs – start a background job (scoring unscored pairs, a threshold and budget sweep, an LLM judge run)
/**
 * POST {kind, payload} → 202 {job, started: true, jobs}; 200 {job, started: false, jobs} when a job of that kind and
 * scope is already queued or running (a judge run: `jobs` are its workers', `job.payload.runId` the run). Poll
 * GET /api/v1/jobs/{id}. model:run (researchers and admins).
 */
export const POST = withAuth({ permission: "model:run" }, async (req, _ctx, user) => {
  const body = startJobRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.jobs }));
  const { job, started, jobs } = await startJob({ ...body, createdById: user.id });
  return Response.json({ job, started, jobs }, { status: started ? 202 : 200 });
});

// GET /api/v1/jobs – background jobs, newest first
/** GET ?kind&scope&state&limit → {jobs}. pair:read: anyone may follow a job's progress. */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const q = listJobsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return { jobs: await readJobs(q) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST", "GET"]);
