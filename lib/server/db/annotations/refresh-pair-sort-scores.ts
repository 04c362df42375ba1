import "server-only";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { DEFAULT_SCORE_THRESHOLD, scorePairsFromRuns } from "./score-pairs-from-runs";

/** Pairs per write: three bound values each, within SQLite's 999 parameters a statement. */
const CHUNK = 300;

/**
 * Scores again, in bulk, every pair whose model runs or gold spans changed since its stored scores were written (the
 * pairs in PairSortScoreStale, added by database triggers whoever writes them, another instance included) and stores
 * its uncertainty and disagreement at the queue's default settings. A score-sorted page calls it first, so the page is
 * one indexed ORDER BY … LIMIT; with nothing stale it is one read of an empty table. Returns how many pairs it scored.
 */
export async function refreshPairSortScores({ db = getDb() }: { db?: Db } = {}): Promise<number> {
  const stale = (await db.pairSortScoreStale.findMany({ select: { pairId: true } })).map((r) => r.pairId);
  for (let i = 0; i < stale.length; i += CHUNK) {
    const ids = stale.slice(i, i + CHUNK);
    // Removed before scoring: a run or gold span written meanwhile marks its pair again for the next refresh.
    await db.pairSortScoreStale.deleteMany({ where: { pairId: { in: ids } } });
    try {
      const scores = await scorePairsFromRuns({
        db,
        pairIds: ids,
        kinds: ["uncertainty", "disagreement"],
        modelName: undefined,
        threshold: DEFAULT_SCORE_THRESHOLD,
      });
      // One statement per chunk (raw: Prisma's update would move updatedAt, the queue's other sort); the casts type
      // the bound values alike on SQLite and PostgreSQL. A pair deleted meanwhile is simply not updated.
      const rows = ids.map(
        (id) =>
          Prisma.sql`SELECT CAST(${id} AS TEXT) AS "id", CAST(${scores.uncertainty.get(id) ?? null} AS DOUBLE PRECISION) AS "u", CAST(${scores.disagreement.get(id) ?? null} AS DOUBLE PRECISION) AS "d"`,
      );
      await db.$executeRaw`UPDATE "Pair" SET "uncertainty" = v."u", "disagreement" = v."d" FROM (${Prisma.join(rows, " UNION ALL ")}) AS v WHERE "Pair"."id" = v."id"`;
    } catch (e) {
      const marks = ids.map((id) => Prisma.sql`(${id})`);
      await db.$executeRaw`INSERT INTO "PairSortScoreStale" ("pairId") VALUES ${Prisma.join(marks)} ON CONFLICT DO NOTHING`;
      throw e;
    }
  }
  return stale.length;
}
