import { toCsv } from "@/lib/eval/research-csv";
import { frontierPairsQuerySchema } from "@/lib/schemas/research";
import { withAuth } from "@/lib/server/auth/with-auth";
import { csvResponse } from "@/lib/server/http/csv-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { frontierPointPairs } from "@/lib/server/research/frontier-point-pairs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/research/frontier/pairs – the pairs behind one frontier point, the most evidence lost first
/** GET ?datasetId&method&threshold|budget&format → {pairs, unscored} or CSV. Cached scores only. pair:read. */
export const GET = withAuth({ permission: "pair:read" }, async (req) => {
  const q = frontierPairsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const setting = q.threshold !== undefined ? { kind: "threshold" as const, value: q.threshold } : { kind: "budget" as const, value: q.budget! };
  const data = await frontierPointPairs({ datasetId: q.datasetId, method: q.method, setting });
  if (q.format !== "csv") return data;
  return csvResponse(
    `frontier-pairs-${q.method}-${setting.kind}-${setting.value}.csv`,
    toCsv(
      ["pairId", "query", "evidenceTotal", "evidenceKept", "evidenceLost", "tokensIn", "tokensOut", "answerKept"],
      data.pairs.map((p) => [p.pairId, p.query, p.evidenceTotal, p.evidenceKept, p.evidenceLost, p.tokensIn, p.tokensOut, p.answerKept]),
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
