import "server-only";
import { createHash } from "node:crypto";
import type { TableChecksum } from "./table-checksum";

/** What these functions need of a `pg` Client (or pool client). */
export type PgQueryable = { query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> };

/**
 * The session settings a row's text form depends on, fixed so that two databases (the original and a restored copy)
 * print equal rows alike whatever their server's defaults.
 */
export const CHECKSUM_SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET extra_float_digits = 1",
  "SET bytea_output = 'hex'",
];

/**
 * Row count and checksum of every ordinary table in `schemas` (enumerated from pg_class, partitions included and
 * partitioned parents left out, so each row counts once): the server hashes each row's text form (md5) and sums the
 * hashes as two 64-bit halves, so the result does not depend on row order. Run it inside one REPEATABLE READ
 * transaction (the snapshot pg_dump is given) to get one moment's state while others write.
 */
export async function postgresTableChecksums(client: PgQueryable, { schemas }: { schemas: readonly string[] }): Promise<TableChecksum[]> {
  for (const s of CHECKSUM_SESSION_SETTINGS) await client.query(s);
  const { rows: tables } = await client.query<{ name: string; qualified: string }>(
    `SELECT n.nspname || '.' || c.relname AS name, format('%I.%I', n.nspname, c.relname) AS qualified
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = ANY($1::text[])
      ORDER BY 1`,
    [schemas],
  );
  const out: TableChecksum[] = [];
  for (const t of tables) {
    const { rows } = await client.query<{ n: string; a: string; b: string }>(
      `SELECT count(*)::text AS n,
              coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text AS a,
              coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text AS b
         FROM (SELECT md5(t::text) AS h FROM ${t.qualified} t) x`,
    );
    const r = rows[0]!;
    out.push({ table: t.name, rows: Number(r.n), checksum: createHash("sha256").update(`${r.a}:${r.b}`).digest("hex").slice(0, 32) });
  }
  return out;
}
