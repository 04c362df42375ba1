import "server-only";
import { type Db, getDb } from "../client";
import { idChunks } from "../select-json-rows";
import { cachedPairScores } from "./pair-score-cache";
import { refreshPairSortScores } from "./refresh-pair-sort-scores";
import { DEFAULT_SCORE_THRESHOLD, scorePairsFromRuns, type PairScoreKind } from "./score-pairs-from-runs";

export type { PairScoreKind };

export type ComputePairScoresOptions = {
  db?: Db;
  pairIds: readonly string[];
  kind: PairScoreKind;
  /** Only this model's runs; default: for each document the most recent run of any model. */
  modelName?: string;
  /** Keep threshold of the model (default 0.5). */
  threshold?: number;
};

/** The settings whose scores Pair stores (uncertainty, disagreement columns): no model name, the default threshold. */
export const usesStoredScores = (o: { modelName?: string; threshold?: number }): boolean =>
  o.modelName === undefined && (o.threshold ?? DEFAULT_SCORE_THRESHOLD) === DEFAULT_SCORE_THRESHOLD;

/**
 * Queue scores from the ModelRun cache (per-token probabilities; stale inputHash entries are used as they are):
 * - uncertainty: lib/spans computeUncertainty (mean 1 − |2p − 1| at threshold 0.5) over all tokens of the pair;
 * - disagreement: 1 − char-F1 between the model's kept text (p ≥ threshold) and live gold "vital" spans, on the
 *   documents the model scored (lib/spans computeModelGoldDisagreement); pairs without gold get no score.
 * Pairs without runs are absent from the map. At the default settings the scores come from Pair's columns (pairs
 * whose runs or gold changed are scored again first, refreshPairSortScores); with a model name or another threshold
 * they are computed from the runs, once per process and again only for pairs whose runs or gold changed
 * (pair-score-cache).
 */
export async function computePairScores(options: ComputePairScoresOptions): Promise<Map<string, number>> {
  const { db = getDb(), pairIds, kind, modelName, threshold = DEFAULT_SCORE_THRESHOLD } = options;
  if (usesStoredScores({ modelName, threshold })) {
    await refreshPairSortScores({ db });
    const out = new Map<string, number>();
    for (const ids of idChunks(pairIds)) {
      const rows = await db.pair.findMany({ where: { id: { in: ids } }, select: { id: true, uncertainty: true, disagreement: true } });
      for (const r of rows) {
        const v = r[kind];
        if (v !== null) out.set(r.id, v);
      }
    }
    return out;
  }
  return cachedPairScores({
    db,
    key: JSON.stringify([kind, modelName ?? null, threshold]),
    pairIds,
    modelName,
    withGold: kind === "disagreement",
    compute: async (ids) => (await scorePairsFromRuns({ db, pairIds: ids, kinds: [kind], modelName, threshold }))[kind],
  });
}
