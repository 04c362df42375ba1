import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJobs, startJob } from "@/lib/server/jobs/jobs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {kind, payload} → 202 {job, started: true, jobs}; 200 {job, started: false, jobs} when a job of that kind and
 * scope is already queued or running (a judge run: `jobs` are its workers', `job.payload.runId` the run). Poll
 * GET /api/v1/jobs/{id}. model:run (researchers and admins).
 */
export const POST = defineRoute(OPERATIONS.startJob, async ({ user, readBody, json }) => {
  const body = await readBody();
  const { job, started, jobs } = await startJob({ ...body, createdById: user.id });
  return json({ job, started, jobs }, { status: started ? 202 : 200 });
});

/** GET ?kind&scope&state&limit → {jobs}. pair:read: anyone may follow a job's progress. */
export const GET = defineRoute(OPERATIONS.listJobs, async ({ query: q }) => {
  return { jobs: await readJobs(q) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST", "GET"]);
