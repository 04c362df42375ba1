import "server-only";
import { Prisma } from "./generated/client";
import type { Db } from "./client";
import { databaseProvider } from "./database-url";

/** A selected column: a quoted SQL expression (trusted constant), or `{ bytes }` for a binary column. */
export type JsonColumn = string | { bytes: string };

/** Ids per IN list (SQLite through Prisma's adapter: at most 999 parameters a query). */
export const ID_CHUNK = 900;
/** Ids per array parameter on PostgreSQL (inList). */
const PG_ID_CHUNK = 10_000;

/**
 * Rows of a bulk read, aggregated by the database into one JSON array per query (each row an array of the columns,
 * binary columns as hex). Research views read tens of thousands of rows per request, and mapping each row through
 * the ORM costs more than reading it: one aggregated row per chunk of ids is parsed natively instead. Same SQL on
 * SQLite and PostgreSQL apart from the aggregate and hex functions. Numbers, strings and nulls only (no dates).
 */
export async function selectJsonRows({
  db,
  columns,
  from,
  where,
}: {
  db: Db;
  columns: readonly JsonColumn[];
  /** FROM clause: quoted table names, joins (trusted constant). */
  from: string;
  /** WHERE clause with bound parameters. */
  where: Prisma.Sql;
}): Promise<unknown[][]> {
  // The dialect follows DATABASE_URL (Prisma has no public accessor of a client's provider).
  const pg = databaseProvider() === "postgresql";
  // SQLite's hex(NULL) is '', so a null binary column is kept null explicitly.
  const cols = columns
    .map((c) => (typeof c === "string" ? c : pg ? `encode(${c.bytes}, 'hex')` : `CASE WHEN ${c.bytes} IS NULL THEN NULL ELSE hex(${c.bytes}) END`))
    .join(", ");
  const aggregate = pg ? `json_agg(json_build_array(${cols}))` : `json_group_array(json_array(${cols}))`;
  const rows = await db.$queryRaw<{ rows: unknown }[]>(Prisma.sql`SELECT ${Prisma.raw(aggregate)} AS "rows" FROM ${Prisma.raw(from)} WHERE ${where}`);
  const value = rows[0]?.rows;
  // SQLite returns the JSON as text; PostgreSQL's driver parses json (and json_agg of no rows is null).
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as unknown[][]) : [];
}

/**
 * `"col" IN (…)` of one chunk of ids; on PostgreSQL `"col" = ANY($1)`, one array parameter: a list of hundreds of
 * parameters costs the driver and the planner more than the query (100,000 pairs' links: 2.4 s in 900-id IN lists,
 * 0.5 s in 10,000-id arrays).
 */
export const inList = (column: string, ids: readonly string[]): Prisma.Sql =>
  databaseProvider() === "postgresql"
    ? Prisma.sql`${Prisma.raw(column)} = ANY(${[...ids]}::text[])`
    : Prisma.sql`${Prisma.raw(column)} IN (${Prisma.join(ids)})`;

/** Hex (as selectJsonRows returns binary columns) → bytes in their own buffer (not Node's shared pool); null stays null. */
export function hexBytes(hex: unknown): Uint8Array | null {
  if (typeof hex !== "string") return null;
  return new Uint8Array(Buffer.from(hex, "hex"));
}

/** Splits ids into chunks for inList (or an ORM `in` filter: within PostgreSQL's 32,767 parameters too). */
export function idChunks<T>(xs: readonly T[]): T[][] {
  const size = databaseProvider() === "postgresql" ? PG_ID_CHUNK : ID_CHUNK;
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
