import "server-only";
import { decodeUnits, type StoredUnits } from "@/lib/engine/prepare-key";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { databaseProvider } from "../database-url";
import { hexBytes, idChunks, inList, selectJsonRows } from "../select-json-rows";
import { decodeRunUnits, type RunUnits } from "./encode-run-units";

/** One document of a pair with a model's stored unit scores: its run's row and the document's units it was made for. */
export type StoredUnitScoresRow = StoredUnits &
  RunUnits & {
    documentId: string;
    /** DocumentUnits.key of the units (ModelRunUnits.key is it followed by the row suffix). */
    unitsKey: string;
    inputKey: string;
  };

/**
 * Everything a category breakdown reads of a pair's documents for one model, without their texts or token
 * probabilities: each run's reduced row (ModelRunUnits with key = DocumentUnits.key + `suffix`) with the document's
 * units (DocumentUnits) it was made for, joined by the database into one aggregated row per chunk of pairs (one query
 * instead of one per table). Pair id → its rows; runs without both rows, or with bytes that do not decode, are left
 * out (the caller takes the token path for them).
 */
export async function listStoredUnitScores({
  pairIds,
  modelName,
  suffix,
  db = getDb(),
}: {
  pairIds: readonly string[];
  modelName: string;
  /** What follows the units' key in ModelRunUnits.key: the aggregation's settings and formula. */
  suffix: string;
  db?: Db;
}): Promise<Map<string, StoredUnitScoresRow[]>> {
  const out = new Map<string, StoredUnitScoresRow[]>();
  const add = (pairId: string, row: StoredUnitScoresRow) => {
    const list = out.get(pairId);
    if (list) list.push(row);
    else out.set(pairId, [row]);
  };
  const pg = databaseProvider() === "postgresql";
  for (const ids of idChunks(pairIds)) {
    if (pg) {
      for (const [pairId, row] of await selectPacked(db, ids, modelName, suffix)) add(pairId, row);
      continue;
    }
    const rows = await selectJsonRows({
      db,
      columns: [
        'r."pairId"',
        'r."documentId"',
        'd."key"',
        'u."inputKey"',
        'u."unitCount"',
        'd."unitCount"',
        'd."tokensIn"',
        { bytes: 'd."units"' },
        { bytes: 'd."unitTokens"' },
        { bytes: 'u."scores"' },
        { bytes: 'u."categories"' },
      ],
      from: '"ModelRun" r JOIN "ModelRunUnits" u ON u."modelRunId" = r."id" JOIN "DocumentUnits" d ON d."documentId" = r."documentId"',
      where: Prisma.sql`r."modelName" = ${modelName} AND u."key" = d."key" || ${suffix} AND ${inList('r."pairId"', ids)}`,
    });
    for (const [pairId, documentId, unitsKey, inputKey, runUnitCount, unitCount, tokensIn, units, unitTokens, scores, categories] of rows as [
      string,
      string,
      string,
      string,
      number,
      number,
      number,
      string,
      string,
      string,
      string | null,
    ][]) {
      if (runUnitCount !== unitCount) continue;
      const u = hexBytes(units);
      const t = hexBytes(unitTokens);
      const s = hexBytes(scores);
      const prepared = u && t ? decodeUnits({ units: u, unitTokens: t }, unitCount) : null;
      const reduced = s ? decodeRunUnits({ scores: s, categories: hexBytes(categories), unitCount }) : null;
      if (!prepared || !reduced) continue;
      add(pairId, { documentId, unitsKey, inputKey, ...prepared, tokensIn, ...reduced });
    }
  }
  return out;
}

const FROM = Prisma.raw('"ModelRun" r JOIN "ModelRunUnits" u ON u."modelRunId" = r."id" JOIN "DocumentUnits" d ON d."documentId" = r."documentId"');

/**
 * PostgreSQL: the chunk's rows as two aggregates, the columns as tab-separated lines and every row's bytes
 * concatenated in one bytea, so 200,000 documents' units and scores arrive as a few buffers instead of as hex in JSON
 * (a third of the time, and far less garbage).
 */
async function selectPacked(db: Db, ids: readonly string[], modelName: string, suffix: string): Promise<[string, StoredUnitScoresRow][]> {
  const [row] = await db.$queryRaw<{ meta: string | null; bytes: Uint8Array | null }[]>(Prisma.sql`
    SELECT string_agg(concat_ws(E'\t', r."pairId", r."documentId", d."key", u."inputKey", u."unitCount", d."unitCount", d."tokensIn",
             octet_length(d."units"), octet_length(d."unitTokens"), octet_length(u."scores"), coalesce(octet_length(u."categories"), -1)),
             E'\n' ORDER BY r."id") AS "meta",
           string_agg(d."units" || d."unitTokens" || u."scores" || coalesce(u."categories", ''::bytea), ''::bytea ORDER BY r."id") AS "bytes"
    FROM ${FROM}
    WHERE r."modelName" = ${modelName} AND u."key" = d."key" || ${suffix} AND ${inList('r."pairId"', ids)}`);
  if (!row?.meta || !row.bytes) return [];
  const bytes = row.bytes;
  const out: [string, StoredUnitScoresRow][] = [];
  let at = 0;
  for (const line of row.meta.split("\n")) {
    const [pairId, documentId, unitsKey, inputKey, runUnitCount, unitCount, tokensIn, nUnits, nTokens, nScores, nCategories] = line.split("\t") as [
      string,
      string,
      string,
      string,
      ...string[],
    ];
    const take = (n: number) => bytes.subarray(at, (at += n));
    const units = take(Number(nUnits));
    const unitTokens = take(Number(nTokens));
    const scores = take(Number(nScores));
    const categories = Number(nCategories) < 0 ? null : take(Number(nCategories));
    const count = Number(unitCount);
    if (Number(runUnitCount) !== count) continue;
    const prepared = decodeUnits({ units, unitTokens }, count);
    const reduced = decodeRunUnits({ scores, categories, unitCount: count });
    if (!prepared || !reduced) continue;
    out.push([pairId, { documentId, unitsKey, inputKey, ...prepared, tokensIn: Number(tokensIn), ...reduced }]);
  }
  return out;
}
