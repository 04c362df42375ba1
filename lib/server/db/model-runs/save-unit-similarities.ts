import "server-only";
import { type Db, getDb } from "../client";
import { encodeUnitSimilarity, type ResultSimilarity } from "./encode-unit-similarity";

const CHUNK = 500;

export type SaveUnitSimilarityRow = { key: string; fingerprint: string; sims: ResultSimilarity };

/**
 * Stores result sets' unit similarities. A key's row is the same whoever computes it (the same inputs), so a row
 * another process stored meanwhile is kept; `replace` lists damaged rows to delete first.
 */
export async function saveUnitSimilarities({
  rows,
  replace = [],
  db = getDb(),
}: {
  rows: readonly SaveUnitSimilarityRow[];
  replace?: readonly string[];
  db?: Db;
}): Promise<void> {
  for (let i = 0; i < replace.length; i += CHUNK) await db.unitSimilarity.deleteMany({ where: { key: { in: replace.slice(i, i + CHUNK) } } });
  const unique = [...new Map(rows.map((r) => [r.key, r])).values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const existing = new Set(
      (await db.unitSimilarity.findMany({ where: { key: { in: chunk.map((r) => r.key) } }, select: { key: true } })).map((r) => r.key),
    );
    const data = chunk.filter((r) => !existing.has(r.key)).map((r) => ({ key: r.key, fingerprint: r.fingerprint, ...encodeUnitSimilarity(r.sims) }));
    if (data.length === 0) continue;
    try {
      await db.unitSimilarity.createMany({ data });
    } catch (e) {
      // A race with another process on one of these rows (unique violation): store the rest one by one.
      if ((e as { code?: string }).code !== "P2002") throw e;
      for (const d of data)
        await db.unitSimilarity.create({ data: d }).catch((err: { code?: string }) => (err.code === "P2002" ? null : Promise.reject(err)));
    }
  }
}
