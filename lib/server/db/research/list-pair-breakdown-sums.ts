import "server-only";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { databaseProvider } from "../database-url";
import { idChunks, inList } from "../select-json-rows";

/** A pair's stored sums for one breakdown key, when they are current: where its categories came from, its sums. */
export type CurrentPairBreakdownSums = { current: true; source: string; sums: string };
/** A pair without current sums: its stamps now, to store with the sums counted from what is read after them. */
export type StalePairBreakdownSums = { current: false; inputKey: string; runs: string };

/**
 * Per pair (that still exists), its PairBreakdownSums row of `key` if the row is current, else the pair's stamps now:
 * its labels' (gold spans: how many and the latest updatedAt; judge suggestions: how many and the latest createdAt)
 * and its runs' (of `modelNames`: how many and the latest createdAt; a run saved again gets a new createdAt). A
 * pair's query and documents never change once created. The database compares the stamps and sends one text row per
 * chunk of pairs: 100,000 pairs' checks and sums as ten strings, no ORM rows and no pair read.
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
}): Promise<Map<string, CurrentPairBreakdownSums | StalePairBreakdownSums>> {
  const pg = databaseProvider() === "postgresql";
  // `x || ''` turns a count or a timestamp into text on both databases.
  const stamp = (table: string, at: string, where: Prisma.Sql) =>
    Prisma.sql`(SELECT count(*) || '@' || coalesce(max(t.${Prisma.raw(`"${at}"`)}) || '', '') FROM ${Prisma.raw(`"${table}"`)} t
      WHERE t."pairId" = p."id" AND ${where})`;
  const labels = Prisma.sql`${stamp("Span", "updatedAt", Prisma.sql`t."source" = 'gold'`)} || '/' || ${stamp("Suggestion", "createdAt", Prisma.sql`t."source" = 'judge'`)}`;
  const runs = modelNames.length === 0 ? Prisma.sql`''` : stamp("ModelRun", "createdAt", Prisma.sql`t."modelName" IN (${Prisma.join(modelNames)})`);
  const [tab, newline] = pg ? ["chr(9)", "chr(10)"] : ["char(9)", "char(10)"];
  // The stamps computed once per pair (the subquery is kept apart: OFFSET 0), the stored row looked up by its key
  // (no join for the planner to choose against a table it has not analysed yet); a row is current when it starts
  // with the stamps now.
  const line = Prisma.raw(`CASE WHEN substr(x."stored", 1, length(x."stamp") + 1) = x."stamp" || ${tab}
      THEN x."id" || ${tab} || '1' || ${tab} || substr(x."stored", length(x."stamp") + 2)
      ELSE x."id" || ${tab} || '0' || ${tab} || x."stamp" END`);
  const aggregate = pg ? Prisma.sql`string_agg(${line}, ${Prisma.raw(newline)})` : Prisma.sql`group_concat(${line}, ${Prisma.raw(newline)})`;
  const stored = Prisma.raw(`(SELECT s."inputKey" || ${tab} || s."runs" || ${tab} || s."source" || ${tab} || s."sums"
      FROM "PairBreakdownSums" s WHERE s."pairId" = p."id" AND s."key" = `);
  const out = new Map<string, CurrentPairBreakdownSums | StalePairBreakdownSums>();
  for (const ids of idChunks(pairIds)) {
    const query = Prisma.sql`
      SELECT ${aggregate} AS "rows" FROM (
        SELECT p."id", ${labels} || ${Prisma.raw(tab)} || ${runs} AS "stamp", ${stored}${key}) AS "stored"
        FROM "Pair" p WHERE ${inList('p."id"', ids)} ${Prisma.raw(pg ? "OFFSET 0" : "LIMIT -1 OFFSET 0")}
      ) x`;
    // PostgreSQL would compile this query (its cost counts 10,000 pairs' subqueries) for longer than it runs: JIT off
    // for this transaction (the caller's, or one of its own so both statements take the same connection).
    type Rows = { rows: string | null }[];
    const select = () => db.$queryRaw<Rows>(query);
    const noJit = () => db.$executeRaw`SET LOCAL jit = off`;
    const [row] = !pg
      ? await select()
      : "$transaction" in db
        ? ((await db.$transaction([noJit(), select()]))[1] as Rows)
        : (await noJit(), await select());
    if (!row?.rows) continue;
    for (const l of row.rows.split("\n")) {
      const [pairId, current, a, b] = l.split("\t") as [string, string, string, string];
      out.set(pairId, current === "1" ? { current: true, source: a, sums: b } : { current: false, inputKey: a, runs: b });
    }
  }
  return out;
}
