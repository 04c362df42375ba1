import { frontierRowsToCsv } from "@/lib/eval/research-csv";
import { csvResponse } from "@/lib/server/http/csv-response";
import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readFrontier } from "@/lib/server/research/read-frontier";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&jobId?&format=json|csv → {jobId, result} (the sweep's rows are `snippet-lab eval --json` rows), or
 * the rows as CSV. `{jobId: null, result: null}` before the first sweep. pair:read: annotators may view.
 */
export const GET = defineRoute(OPERATIONS.getFrontier, async ({ query: q }) => {
  const data = await readFrontier({ datasetId: q.datasetId, ...(q.jobId ? { jobId: q.jobId } : {}) });
  if (q.format === "csv")
    return csvResponse(`frontier-${data.result?.datasetName ?? q.datasetId}.csv`, frontierRowsToCsv(data.result?.rows ?? [], data.result?.intervals));
  return data;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
