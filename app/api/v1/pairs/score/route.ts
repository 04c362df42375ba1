import { isAppError } from "@/lib/errors";
import { scoreRequestSchema } from "@/lib/schemas/scoring";
import { withAuth } from "@/lib/server/auth/with-auth";
import { listUnscoredPairs } from "@/lib/server/db/annotations/list-unscored-pairs";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { scorePair } from "@/lib/server/pairs/score-pair";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/score – fill the model-score cache of up to 100 unscored pairs
/**
 * POST { datasetId?, limit? (1–100, default 10), model? } → { scored: string[], failed: [{ pairId, message }],
 * remaining } (model:run). Runs the model on up to `limit` pairs that have no ModelRun yet, one after another (the
 * model session is shared; parallel runs would only queue), filling the cache the queue's score sorts read.
 * A failing pair is reported and skipped so one bad document does not stop the batch. Call again while remaining > 0.
 */
export const POST = withAuth({ permission: "model:run" }, async (req) => {
  // An empty body means "all datasets, default limit".
  const { datasetId, limit, model } = scoreRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.scoring, emptyAs: {} }));
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
