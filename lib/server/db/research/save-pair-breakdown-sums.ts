import "server-only";
import { type Db, getDb } from "../client";

const CHUNK = 500;

/** `inputKey` and `runs`: the pair's stamps as listPairBreakdownSums read them before the pair was counted. */
export type SavePairBreakdownSumsRow = { pairId: string; key: string; inputKey: string; runs: string; source: string; sums: string };

/**
 * Stores pairs' breakdown sums, replacing the rows of the same pair and key (stale ones). A row another process
 * stored meanwhile, or whose pair was deleted meanwhile, is skipped: the worst a race costs is the work again.
 */
export async function savePairBreakdownSums({ rows, db = getDb() }: { rows: readonly SavePairBreakdownSumsRow[]; db?: Db }): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const byKey = new Map<string, string[]>();
    for (const r of chunk) {
      const ids = byKey.get(r.key);
      if (ids) ids.push(r.pairId);
      else byKey.set(r.key, [r.pairId]);
    }
    for (const [key, pairIds] of byKey) await db.pairBreakdownSums.deleteMany({ where: { key, pairId: { in: pairIds } } });
    const data = chunk.map(({ pairId, key, inputKey, runs, source, sums }) => ({ pairId, key, inputKey, runs, source, sums }));
    try {
      await db.pairBreakdownSums.createMany({ data });
    } catch (e) {
      // A unique (P2002) or foreign-key (P2003) race on some row: store the others one by one.
      const code = (e as { code?: string }).code;
      if (code !== "P2002" && code !== "P2003") throw e;
      for (const d of data) {
        await db.pairBreakdownSums
          .create({ data: d })
          .catch((err: { code?: string }) => (err.code === "P2002" || err.code === "P2003" ? null : Promise.reject(err)));
      }
    }
  }
}
