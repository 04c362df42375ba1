import { AppError } from "@/lib/errors";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getScoreJob } from "@/lib/server/jobs/score-jobs";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET → {job}: a scoring job's progress (state, total, done, scored, failed, failures); 404 when unknown. model:run. */
export const GET = withAuth<Ctx>({ permission: "model:run" }, async (_req, ctx) => {
  const { id } = await ctx.params;
  const job = getScoreJob(id);
  if (!job) throw new AppError("NOT_FOUND", `Scoring job ${id} not found (jobs are kept in memory until the server restarts).`);
  return { job };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
