import { judgeEvalToCsv } from "@/lib/eval/research-csv";
import { judgeEvalQuerySchema } from "@/lib/schemas/judge";
import { withAuth } from "@/lib/server/auth/with-auth";
import { csvResponse } from "@/lib/server/http/csv-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { computeJudgeEval } from "@/lib/server/research/judge-eval";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/research/judge – judging the judge: judge configurations against the adjudicated gold, as JSON or CSV
/**
 * GET ?datasetId&configs?&format=json|csv → JudgeEvalReport (span- and token-level P/R/F1 per category per judge
 * configuration, the pairs with the most disagreement), or its figures as CSV — `snippet-lab judge-eval`'s numbers.
 * pair:read.
 */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const q = judgeEvalQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const configs = q.configs
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const report = await computeJudgeEval({ datasetId: q.datasetId, ...(configs ? { configs } : {}) });
  if (q.format === "csv") return csvResponse(`judge-eval-${report.datasetName}.csv`, judgeEvalToCsv(report.configs));
  return report;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
