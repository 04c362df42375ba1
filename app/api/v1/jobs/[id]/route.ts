import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJob } from "@/lib/server/jobs/jobs-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/jobs/{id} – a background job's state and progress
/** GET → {job}: state, total, done, failed, failures, error; 404 when unknown. pair:read. */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (_req, { params: { id } }) => ({
  job: await readJob({ id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
