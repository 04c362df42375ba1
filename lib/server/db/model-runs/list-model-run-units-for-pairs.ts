import "server-only";
import { type Db, getDb } from "../client";
import { hexBytes, idChunks, inList, selectJsonRows } from "../select-json-rows";
import { Prisma } from "../generated/client";
import { decodeRunUnits, type RunUnits } from "./encode-run-units";

export type RunUnitsRow = { key: string; inputKey: string; unitCount: number; units: RunUnits | null };

/** A model run with its reduced rows (ModelRunUnits, any key); `units` is null where the bytes are damaged. */
export type ModelRunWithUnits = { id: string; documentId: string; reduced: RunUnitsRow[] };

/**
 * The runs of one model for many pairs with their unit scores and category intervals, without the token bytes:
 * pair id → its runs. A few bytes per document, read as one aggregated row per chunk of pairs, so ten thousand
 * pairs read in a fraction of the token read.
 */
export async function listModelRunUnitsForPairs({
  pairIds,
  modelName,
  db = getDb(),
}: {
  pairIds: readonly string[];
  modelName: string;
  db?: Db;
}): Promise<Map<string, ModelRunWithUnits[]>> {
  const runs = new Map<string, ModelRunWithUnits & { pairId: string }>();
  for (const ids of idChunks(pairIds)) {
    const rows = await selectJsonRows({
      db,
      columns: [
        'r."id"',
        'r."pairId"',
        'r."documentId"',
        'u."key"',
        'u."inputKey"',
        'u."unitCount"',
        { bytes: 'u."scores"' },
        { bytes: 'u."categories"' },
      ],
      from: '"ModelRun" r LEFT JOIN "ModelRunUnits" u ON u."modelRunId" = r."id"',
      where: Prisma.sql`r."modelName" = ${modelName} AND ${inList('r."pairId"', ids)}`,
    });
    for (const [id, pairId, documentId, key, inputKey, unitCount, scores, categories] of rows as [
      string,
      string,
      string,
      string | null,
      string | null,
      number | null,
      string | null,
      string | null,
    ][]) {
      let run = runs.get(id);
      if (!run) {
        run = { id, pairId, documentId, reduced: [] };
        runs.set(id, run);
      }
      if (key === null || inputKey === null || unitCount === null) continue;
      const bytes = hexBytes(scores);
      run.reduced.push({
        key,
        inputKey,
        unitCount,
        units: bytes ? decodeRunUnits({ scores: bytes, categories: hexBytes(categories), unitCount }) : null,
      });
    }
  }
  const out = new Map<string, ModelRunWithUnits[]>();
  for (const { pairId, ...run } of runs.values()) {
    const list = out.get(pairId);
    if (list) list.push(run);
    else out.set(pairId, [run]);
  }
  return out;
}
