import "server-only";
import type { PgQueryable } from "./postgres-table-checksums";

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * PostgreSQL's counterpart of SQLite's integrity_check and foreign_key_check for the tables of `schemas`: for every
 * foreign key, the rows whose parent is missing (a constraint that holds cannot leave any, so this proves the data is
 * whole, e.g. after a restore or a crash), and, when the `amcheck` extension is installed, `bt_index_check` of every
 * b-tree index (an index that disagrees with its table). Returns the problems found, [] for a sound database.
 */
export async function checkPostgresIntegrity(client: PgQueryable, { schemas }: { schemas: readonly string[] }): Promise<string[]> {
  const problems: string[] = [];
  const { rows: fks } = await client.query<{ name: string; child: string; parent: string; cols: string[]; pcols: string[] }>(
    `SELECT con.conname AS name,
            format('%I.%I', cn.nspname, c.relname) AS child,
            format('%I.%I', pn.nspname, p.relname) AS parent,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
                  JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
                  JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i) AS pcols
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = con.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE con.contype = 'f' AND cn.nspname = ANY($1::text[]) AND NOT c.relispartition
      ORDER BY 2, 1`,
    [schemas],
  );
  for (const fk of fks) {
    const notNull = fk.cols.map((c) => `c.${ident(c)} IS NOT NULL`).join(" AND ");
    const match = fk.cols.map((c, i) => `p.${ident(fk.pcols[i]!)} = c.${ident(c)}`).join(" AND ");
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${fk.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${match})`,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) problems.push(`foreign key ${fk.name}: ${n} row(s) of ${fk.child} without their parent in ${fk.parent}`);
  }
  const { rows: amcheck } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'amcheck'`);
  if (amcheck.length > 0) {
    const { rows: indexes } = await client.query<{ oid: string; name: string }>(
      `SELECT i.oid::text AS oid, format('%I.%I', n.nspname, i.relname) AS name
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
         JOIN pg_am am ON am.oid = i.relam
        WHERE am.amname = 'btree' AND n.nspname = ANY($1::text[]) AND i.relkind = 'i' AND x.indisvalid
        ORDER BY 2`,
      [schemas],
    );
    for (const index of indexes) {
      try {
        await client.query(`SELECT bt_index_check($1::oid)`, [index.oid]);
      } catch (e) {
        problems.push(`bt_index_check ${index.name}: ${(e as Error).message}`);
      }
    }
  }
  return problems;
}
