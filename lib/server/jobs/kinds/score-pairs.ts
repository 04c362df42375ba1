import "server-only";
import { isAppError } from "@/lib/errors";
import { type ScorePairsPayload, scorePairsPayloadSchema, scorePairsScope } from "@/lib/schemas/jobs";
import { getDataset } from "../../db/datasets/get-dataset";
import { listUnscoredPairs } from "../../db/annotations/list-unscored-pairs";
import { scorePair } from "../../pairs/score-pair";
import type { JobHandler } from "../types";

/** Pairs fetched per round (a round's failures are skipped in later rounds). */
const ROUND = 200;
/** Failed pair ids kept in the checkpoint (beyond it a resumed job tries them again). */
const MAX_FAILED_IDS = 1000;

/**
 * Scores every pair without model scores (a ModelRun) of a dataset, or of all datasets, filling the cache the
 * workspace, the queue's uncertainty sort and the sweeps read. A failing pair is listed and skipped. Resuming: pairs
 * scored by an earlier run have their ModelRun and are not listed again, the ones that failed are in the checkpoint
 * (not tried again), and the counters carry on.
 */
export const scorePairsJob: JobHandler<ScorePairsPayload> = {
  kind: "score-pairs",
  payloadSchema: scorePairsPayloadSchema,
  scopeOf: scorePairsScope,
  async check({ datasetId }, { db }) {
    if (datasetId) await getDataset({ id: datasetId, db });
  },
  async run(ctx) {
    const { datasetId, model } = ctx.payload;
    const scoreOne = ctx.services.scorePair ?? scorePair;
    const score = (pairId: string) => scoreOne({ pairId, ...(model ? { model } : {}), db: ctx.db });
    const scope = { ...(datasetId ? { datasetId } : {}), db: ctx.db };
    const previous = (ctx.checkpoint as { failedPairIds?: string[] } | null)?.failedPairIds ?? [];
    // Failed pairs stay unscored (listed again): skipped, not retried, and not counted as work still to do.
    const failedIds = new Set<string>(previous);
    const attempted = new Set<string>(previous);
    for (;;) {
      const { pairIds, total } = await listUnscoredPairs({ ...scope, limit: Math.min(1000, ROUND + attempted.size) });
      ctx.setTotal(Math.max(ctx.counts.total, ctx.counts.done + total - failedIds.size));
      const fresh = pairIds.filter((id) => !attempted.has(id));
      if (fresh.length === 0) break;
      for (const pairId of fresh) {
        await ctx.checkpointed();
        attempted.add(pairId);
        try {
          await score(pairId);
          ctx.itemDone();
        } catch (e) {
          if (!isAppError(e)) console.error(`[jobs] score-pairs: pair ${pairId} failed:`, e);
          ctx.itemDone({ item: pairId, message: isAppError(e) ? e.message : "scoring failed (see the server log)" });
          failedIds.add(pairId);
          if (failedIds.size <= MAX_FAILED_IDS) ctx.saveCheckpoint({ failedPairIds: [...failedIds] });
        }
      }
    }
    ctx.setTotal(ctx.counts.done);
    return { scored: ctx.counts.done - ctx.counts.failed };
  },
};
