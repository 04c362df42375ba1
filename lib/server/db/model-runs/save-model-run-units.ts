import "server-only";
import { type Db, getDb } from "../client";
import { encodeRunUnits, type RunUnits } from "./encode-run-units";

const CHUNK = 500;

export type SaveModelRunUnitsRow = RunUnits & { modelRunId: string; key: string; inputKey: string };

/**
 * Stores runs' unit scores and category intervals, replacing the rows of the same run and key (stale ones: made for
 * other inputs). A row another process stored meanwhile, or whose run was deleted meanwhile, is skipped:
 * the worst a race costs is the work again.
 */
export async function saveModelRunUnits({ rows, db = getDb() }: { rows: readonly SaveModelRunUnitsRow[]; db?: Db }): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const byKey = new Map<string, string[]>();
    for (const r of chunk) {
      const ids = byKey.get(r.key);
      if (ids) ids.push(r.modelRunId);
      else byKey.set(r.key, [r.modelRunId]);
    }
    for (const [key, ids] of byKey) await db.modelRunUnits.deleteMany({ where: { key, modelRunId: { in: ids } } });
    const data = chunk.map(({ modelRunId, key, inputKey, scores, categories }) => ({
      modelRunId,
      key,
      inputKey,
      unitCount: scores.length,
      ...encodeRunUnits({ scores, categories }),
    }));
    try {
      await db.modelRunUnits.createMany({ data });
    } catch (e) {
      // A unique (P2002) or foreign-key (P2003) race on some row: store the others one by one.
      const code = (e as { code?: string }).code;
      if (code !== "P2002" && code !== "P2003") throw e;
      for (const d of data) {
        await db.modelRunUnits
          .create({ data: d })
          .catch((err: { code?: string }) => (err.code === "P2002" || err.code === "P2003" ? null : Promise.reject(err)));
      }
    }
  }
}
