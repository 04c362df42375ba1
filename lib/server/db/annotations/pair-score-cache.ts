import "server-only";
import { BoundedCache, processSingleton } from "../../process-cache";
import type { Db } from "../client";

/**
 * What cached scores depend on, as the database had it: the row count, the newest write (ms) and how many rows were
 * written at or after `max − LOOKBACK_MS` (the window a later check reads again).
 */
type Watermark = { count: number; max: number; windowCount: number };
type Entry = { runs: Watermark; gold: Watermark | null; scores: Map<string, number | null> };
type Source = { stats(): Promise<{ count: number; max: number }>; recent(since: Date): Promise<{ pairId: string; at: Date }[]> };

/**
 * Rows written up to this long before the newest write seen are read again at the next change: writes of other
 * instances with a clock behind ours, and transactions that committed after a later write, still reach the cache.
 */
const LOOKBACK_MS = 60_000;

// Per client (each database its own scores), the 16 settings last scored; one per process, not per bundle.
const caches = processSingleton("pair-scores", () => new WeakMap<Db, BoundedCache<string, Entry>>());

const runsSource = (db: Db, modelName: string | undefined): Source => {
  const where = modelName ? { modelName } : {};
  return {
    async stats() {
      const a = await db.modelRun.aggregate({ where, _count: { _all: true }, _max: { createdAt: true } });
      return { count: a._count._all, max: a._max.createdAt?.getTime() ?? 0 };
    },
    recent: async (since) =>
      (await db.modelRun.findMany({ where: { ...where, createdAt: { gte: since } }, select: { pairId: true, createdAt: true } })).map((r) => ({
        pairId: r.pairId,
        at: r.createdAt,
      })),
  };
};

// Every gold span, deleted ones too: a soft delete moves updatedAt, a hard delete the count.
const GOLD = { source: "gold", annotationId: null } as const;
const goldSource = (db: Db): Source => ({
  async stats() {
    const a = await db.span.aggregate({ where: GOLD, _count: { _all: true }, _max: { updatedAt: true } });
    return { count: a._count._all, max: a._max.updatedAt?.getTime() ?? 0 };
  },
  recent: async (since) =>
    (await db.span.findMany({ where: { ...GOLD, updatedAt: { gte: since } }, select: { pairId: true, updatedAt: true } })).map((r) => ({
      pairId: r.pairId,
      at: r.updatedAt,
    })),
});

const windowCount = (rows: { at: Date }[], max: number) => rows.filter((r) => r.at.getTime() >= max - LOOKBACK_MS).length;

/**
 * The source's watermark now and the pairs with rows written since `before`; `changed` is null when a change cannot be
 * placed (rows deleted, or written with an older time than the window): then every cached score is dropped.
 */
async function checkSource(source: Source, before: Watermark | undefined): Promise<{ now: Watermark; changed: string[] | null }> {
  const stats = await source.stats();
  if (before && stats.count === before.count && stats.max === before.max) return { now: before, changed: [] };
  if (!before || stats.max < before.max) {
    const rows = await source.recent(new Date(stats.max - LOOKBACK_MS));
    return { now: { ...stats, windowCount: rows.length }, changed: null };
  }
  const rows = await source.recent(new Date(before.max - LOOKBACK_MS));
  const now = { ...stats, windowCount: windowCount(rows, stats.max) };
  // Every new or deleted row must be in the window read again; one outside it (an old time, a delete) is not placed.
  const placed = stats.count - before.count === rows.length - before.windowCount;
  return { now, changed: placed ? rows.map((r) => r.pairId) : null };
}

/**
 * Queue scores per pair for a model name or a threshold other than the default (the default's are stored on Pair,
 * refreshPairSortScores), computed once per process and kept while the rows they are computed from stay the same:
 * each call reads the count and newest write of the model runs (and, for disagreement, of the gold spans), and only
 * the pairs with rows written since are scored again. A queue of a hundred thousand pairs is then ranked without
 * decoding every run on every request; every instance checks the database itself, so none serves another's stale
 * scores. `compute` scores the pairs the cache does not hold (absent from its map: no score).
 */
export async function cachedPairScores({
  db,
  key,
  pairIds,
  modelName,
  withGold,
  compute,
}: {
  db: Db;
  /** The score's settings (kind, model, threshold). */
  key: string;
  pairIds: readonly string[];
  modelName: string | undefined;
  /** The score reads gold spans (disagreement). */
  withGold: boolean;
  compute: (pairIds: readonly string[]) => Promise<Map<string, number>>;
}): Promise<Map<string, number>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new BoundedCache({ maxEntries: 16 })));
  let entry = cache.get(key);
  const runs = await checkSource(runsSource(db, modelName), entry?.runs);
  const gold = withGold ? await checkSource(goldSource(db), entry?.gold ?? undefined) : null;
  if (entry && runs.changed && (!gold || gold.changed)) {
    for (const id of [...runs.changed, ...(gold?.changed ?? [])]) entry.scores.delete(id);
  } else {
    entry = { runs: runs.now, gold: gold?.now ?? null, scores: new Map() };
    cache.set(key, entry);
  }
  // The watermarks read before scoring: a write during it is seen (and its pairs scored again) by the next call.
  entry.runs = runs.now;
  entry.gold = gold?.now ?? null;
  const scores = entry.scores;
  const missing = pairIds.filter((id) => !scores.has(id));
  if (missing.length > 0) {
    const computed = await compute(missing);
    for (const id of missing) scores.set(id, computed.get(id) ?? null);
  }
  const out = new Map<string, number>();
  for (const id of pairIds) {
    const v = scores.get(id);
    if (v !== undefined && v !== null) out.set(id, v);
  }
  return out;
}
