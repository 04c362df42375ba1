import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJob } from "@/lib/server/jobs/jobs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {job}: state, total, done, failed, failures, error; 404 when unknown. pair:read. */
export const GET = defineRoute(OPERATIONS.getJob, async ({ params: { id } }) => ({
  job: await readJob({ id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
