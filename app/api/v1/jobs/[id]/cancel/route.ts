import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { cancelJob } from "@/lib/server/jobs/jobs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST → {job}: a queued job is cancelled at once, a running one at its next progress report (≤ 1 s). model:run. */
export const POST = defineRoute(OPERATIONS.cancelJob, async ({ params: { id } }) => ({
  job: await cancelJob({ id }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
