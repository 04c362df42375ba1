import { toCsv } from "@/lib/eval/research-csv";
import { csvResponse } from "@/lib/server/http/csv-response";
import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { frontierPointPairs } from "@/lib/server/research/frontier-point-pairs";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET ?datasetId&method&threshold|budget&format → {pairs, unscored} or CSV. Cached scores only. pair:read. */
export const GET = defineRoute(OPERATIONS.getFrontierPairs, async ({ query: q }) => {
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
