import { judgeEvalToCsv } from "@/lib/eval/research-csv";
import { csvResponse } from "@/lib/server/http/csv-response";
import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeJudgeEval } from "@/lib/server/research/judge-eval";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&configs?&format=json|csv → JudgeEvalReport (span- and token-level P/R/F1 per category per judge
 * configuration, the pairs with the most disagreement), or its figures as CSV — `snippet-lab judge-eval`'s numbers.
 * pair:read.
 */
export const GET = defineRoute(OPERATIONS.getJudgeEval, async ({ query: q }) => {
  const configs = q.configs
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const report = await computeJudgeEval({ datasetId: q.datasetId, ...(configs ? { configs } : {}) });
  if (q.format === "csv") return csvResponse(`judge-eval-${report.datasetName}.csv`, judgeEvalToCsv(report.configs));
  return report;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
