import "server-only";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { databaseProvider } from "../database-url";
import { idChunks, inList } from "../select-json-rows";

/** A pair's stored sums for one breakdown key (PairBreakdownSums), as stored. */
export type StoredPairBreakdownSums = { inputKey: string; runs: string; source: string; sums: string };

/**
 * Per pair (that still exists): its runs' stamp now — how many runs of `modelNames` it has and the latest one's
 * createdAt (a new or re-run model run changes it) — and its PairBreakdownSums row of `key`, if any. One aggregated
 * text row per chunk of pairs: 100,000 pairs' staleness checks and sums arrive as ten strings, not as ORM rows.
 */
export async function listPairBreakdownSums({
  pairIds,
  key,
  modelNames,
  db = getDb(),
}: {
  pairIds: readonly string[];
  key: string;
  /** The models whose runs the breakdown reads (the method's, the category model's). */
  modelNames: readonly string[];
  db?: Db;
}): Promise<Map<string, { runs: string; stored: StoredPairBreakdownSums | null }>> {
  const pg = databaseProvider() === "postgresql";
  const runs =
    modelNames.length === 0
      ? Prisma.sql`''`
      : pg
        ? Prisma.sql`(SELECT count(*)::text || '@' || coalesce(max(r."createdAt")::text, '') FROM "ModelRun" r
            WHERE r."pairId" = p."id" AND r."modelName" = ANY(${[...modelNames]}::text[]))`
        : Prisma.sql`(SELECT count(*) || '@' || coalesce(CAST(max(r."createdAt") AS TEXT), '') FROM "ModelRun" r
            WHERE r."pairId" = p."id" AND r."modelName" IN (${Prisma.join(modelNames)}))`;
  // A tab between columns, a newline between pairs (ids, hashes, stamps, sources and decimals hold neither);
  // "-" where the pair has no row.
  const line = pg
    ? Prisma.sql`concat_ws(E'\t', p."id", ${runs}, coalesce(s."inputKey", '-'), coalesce(s."runs", ''), coalesce(s."source", ''), coalesce(s."sums", ''))`
    : Prisma.sql`p."id" || char(9) || ${runs} || char(9) || coalesce(s."inputKey", '-') || char(9) || coalesce(s."runs", '') || char(9) ||
        coalesce(s."source", '') || char(9) || coalesce(s."sums", '')`;
  const aggregate = pg ? Prisma.sql`string_agg(${line}, E'\n')` : Prisma.sql`group_concat(${line}, char(10))`;
  const out = new Map<string, { runs: string; stored: StoredPairBreakdownSums | null }>();
  for (const ids of idChunks(pairIds)) {
    const [row] = await db.$queryRaw<{ rows: string | null }[]>(Prisma.sql`
      SELECT ${aggregate} AS "rows"
      FROM "Pair" p LEFT JOIN "PairBreakdownSums" s ON s."pairId" = p."id" AND s."key" = ${key}
      WHERE ${inList('p."id"', ids)}`);
    if (!row?.rows) continue;
    for (const l of row.rows.split("\n")) {
      const [pairId, now, inputKey, stamped, source, sums] = l.split("\t") as [string, string, string, string, string, string];
      out.set(pairId, { runs: now, stored: inputKey === "-" ? null : { inputKey, runs: stamped, source, sums } });
    }
  }
  return out;
}
