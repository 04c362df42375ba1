import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { resumeJob } from "@/lib/server/jobs/jobs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST → {job}: queued again with its progress and checkpoint; 409 when it is live or done. model:run. */
export const POST = defineRoute(OPERATIONS.resumeJob, async ({ params: { id } }) => ({
  job: await resumeJob({ id }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
