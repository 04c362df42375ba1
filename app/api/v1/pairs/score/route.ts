import { isAppError } from "@/lib/errors";
import { listUnscoredPairs } from "@/lib/server/db/annotations/list-unscored-pairs";
import { scorePair } from "@/lib/server/pairs/score-pair";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST { datasetId?, limit? (1–100, default 10), model? } → { scored: string[], failed: [{ pairId, message }],
 * remaining } (model:run). Runs the model on up to `limit` pairs that have no ModelRun yet, one after another (the
 * model session is shared; parallel runs would only queue), filling the cache the queue's score sorts read.
 * A failing pair is reported and skipped so one bad document does not stop the batch. Call again while remaining > 0.
 */
export const POST = defineRoute(OPERATIONS.scorePairs, async ({ readBody }) => {
  // An empty body means "all datasets, default limit".
  const { datasetId, limit, model } = await readBody();
  // "Unscored" = no ModelRun of any model: the queue's score sorts use the newest run per document.
  const { pairIds, total } = await listUnscoredPairs({ limit, ...(datasetId ? { datasetId } : {}) });
  const scored: string[] = [];
  const failed: { pairId: string; message: string }[] = [];
  for (const pairId of pairIds) {
    try {
      await scorePair({ pairId, ...(model ? { model } : {}) });
      scored.push(pairId);
    } catch (e) {
      if (!isAppError(e)) console.error(`[score] pair ${pairId} failed:`, e);
      failed.push({ pairId, message: isAppError(e) ? e.message : "scoring failed (see the server log)" });
    }
  }
  return { scored, failed, remaining: Math.max(0, total - scored.length) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
