import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { resumeJob } from "@/lib/server/jobs/jobs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/jobs/{id}/resume – resume a cancelled or failed job where it stopped
/** POST → {job}: queued again with its progress and checkpoint; 409 when it is live or done. model:run. */
export const POST = withAuth({ permission: "model:run", params: idParamsSchema }, async (_req, { params: { id } }) => ({
  job: await resumeJob({ id }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
