import { idParamsSchema } from "@/lib/schemas/ids";
import { AppError } from "@/lib/errors";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getScoreJob } from "@/lib/server/jobs/score-jobs";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/score/jobs/{id} – a scoring job's progress
/** GET → {job}: a scoring job's progress (state, total, done, scored, failed, failures); 404 when unknown. model:run. */
export const GET = withAuth({ permission: "model:run", params: idParamsSchema }, async (_req, { params: { id } }) => {
  const job = getScoreJob(id);
  if (!job) throw new AppError("NOT_FOUND", `Scoring job ${id} not found (jobs are kept in memory until the server restarts).`);
  return { job };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
