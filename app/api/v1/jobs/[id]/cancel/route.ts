import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { cancelJob } from "@/lib/server/jobs/jobs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/jobs/{id}/cancel – cancel a queued or running job
/** POST → {job}: a queued job is cancelled at once, a running one at its next progress report (≤ 1 s). model:run. */
export const POST = withAuth({ permission: "model:run", params: idParamsSchema }, async (_req, { params: { id } }) => ({
  job: await cancelJob({ id }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
