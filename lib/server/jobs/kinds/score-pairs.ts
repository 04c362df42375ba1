import "server-only";
import { isAppError } from "@/lib/errors";
import { LIVE_JOB_STATES, type ScorePairsPayload, scorePairsPayloadSchema, scorePairsScope } from "@/lib/schemas/jobs";
import { getDataset } from "../../db/datasets/get-dataset";
import { listUnscoredPairs } from "../../db/annotations/list-unscored-pairs";
import { refreshPairSortScores } from "../../db/annotations/refresh-pair-sort-scores";
import { scorePair } from "../../pairs/score-pair";
import type { JobHandler } from "../types";

/** Pairs listed per page. */
const PAGE = 500;
/** Failed pair ids kept in the checkpoint (beyond it a resumed job tries them again). */
const MAX_FAILED_IDS = 1000;

/**
 * Which of `parts` jobs scores a pair: FNV-1a of its id, so every job of a start (and a resumed one) agrees without
 * talking to the others, and no pair is in two parts.
 */
export function pairPart(pairId: string, parts: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < pairId.length; i++) h = Math.imul(h ^ pairId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % parts;
}

/**
 * Scores every pair without model scores (a ModelRun) of a dataset, or of all datasets, filling the cache the
 * workspace, the queue's uncertainty sort and the sweeps read. A failing pair is listed and skipped. With `workers`
 * N > 1 a start queues N jobs, each scoring the pairs of its part (pairPart), so N worker processes share one dataset.
 * Resuming (a worker killed, a cancel resumed): pairs scored by an earlier run have their ModelRun and are not listed
 * again — a pair is written once — the ones that failed are in the checkpoint (not tried again), and the counters carry on.
 */
export const scorePairsJob: JobHandler<ScorePairsPayload> = {
  kind: "score-pairs",
  payloadSchema: scorePairsPayloadSchema,
  scopeOf: scorePairsScope,
  async check({ datasetId }, { db }) {
    if (datasetId) await getDataset({ id: datasetId, db });
  },
  async plan(payload, { db }) {
    const workers = payload.workers ?? 1;
    if (payload.part !== undefined || workers === 1) return [payload];
    // A live job of the dataset (a start without workers): the start returns it rather than scoring its pairs twice.
    const live = await db.job.findFirst({
      where: { kind: "score-pairs", scope: scorePairsScope(payload), state: { in: [...LIVE_JOB_STATES] } },
      select: { id: true },
    });
    if (live) return [payload];
    return Array.from({ length: workers }, (_, part) => ({ ...payload, part }));
  },
  async run(ctx) {
    const { datasetId, model } = ctx.payload;
    const parts = ctx.payload.part === undefined ? 1 : (ctx.payload.workers ?? 1);
    const mine = (id: string) => parts === 1 || pairPart(id, parts) === ctx.payload.part;
    const scoreOne = ctx.services.scorePair ?? scorePair;
    const score = (pairId: string) => scoreOne({ pairId, ...(model ? { model } : {}), db: ctx.db });
    const scope = { ...(datasetId ? { datasetId } : {}), db: ctx.db };
    const previous = (ctx.checkpoint as { failedPairIds?: string[] } | null)?.failedPairIds ?? [];
    // Failed pairs stay unscored (listed again): skipped, not retried, and not counted as work still to do.
    const failedIds = new Set<string>(previous);
    const attempted = new Set<string>(previous);
    // Passes over the unscored pairs by id, until one finds nothing new (pairs imported meanwhile are scored too).
    for (let fresh = 1; fresh > 0;) {
      fresh = 0;
      for (let after = "", first = true; ; first = false) {
        const { pairIds, total } = await listUnscoredPairs({ ...scope, after, limit: PAGE });
        // Exact with one part; with several, this part's expected share.
        if (first) ctx.setTotal(Math.max(ctx.counts.total, ctx.counts.done + Math.ceil(Math.max(0, total - failedIds.size) / parts)));
        if (pairIds.length === 0) break;
        after = pairIds[pairIds.length - 1]!;
        for (const pairId of pairIds) {
          if (attempted.has(pairId) || !mine(pairId)) continue;
          fresh++;
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
        // The queue's stored sort scores of the pairs just scored, here rather than on the queue's next page.
        await refreshPairSortScores({ db: ctx.db });
      }
    }
    ctx.setTotal(ctx.counts.done);
    return { scored: ctx.counts.done - ctx.counts.failed };
  },
};
