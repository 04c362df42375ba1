import { frontierRowsToCsv } from "@/lib/eval/research-csv";
import { frontierQuerySchema } from "@/lib/schemas/research";
import { withAuth } from "@/lib/server/auth/with-auth";
import { csvResponse } from "@/lib/server/http/csv-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readFrontier } from "@/lib/server/research/read-frontier";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/research/frontier – a dataset's threshold and budget frontier (its latest sweep) as JSON or CSV
/**
 * GET ?datasetId&jobId?&format=json|csv → {jobId, result} (the sweep's rows are `snippet-lab eval --json` rows), or
 * the rows as CSV. `{jobId: null, result: null}` before the first sweep. pair:read: annotators may view.
 */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const q = frontierQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const data = await readFrontier({ datasetId: q.datasetId, ...(q.jobId ? { jobId: q.jobId } : {}) });
  if (q.format === "csv") return csvResponse(`frontier-${data.result?.datasetName ?? q.datasetId}.csv`, frontierRowsToCsv(data.result?.rows ?? []));
  return data;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
