// The plan of a query the benchmark saw: EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, EXPLAIN QUERY PLAN on SQLite.
import Database from "better-sqlite3";
import { Client } from "pg";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import type { SlowQuery } from "./open-bench-db";

/** Prisma logs the bound values as a JSON array; anything else is run without them. */
function paramsOf(q: SlowQuery): unknown[] {
  try {
    const v = JSON.parse(q.params) as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The plan as text lines (runs the query once more on PostgreSQL: ANALYZE executes it). */
export async function explainQuery(url: string, q: SlowQuery): Promise<string> {
  const target = resolveDatabaseUrl(url);
  if (target.provider === "postgresql") {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, paramsOf(q));
      // An IN list of hundreds of ids in a plan line says nothing more after its first few.
      return rows.map((r) => (r["QUERY PLAN"].length > 400 ? `${r["QUERY PLAN"].slice(0, 400)}…` : r["QUERY PLAN"])).join("\n");
    } finally {
      await client.end();
    }
  }
  const db = new Database(target.filename, { readonly: true });
  try {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(paramsOf(q) as never[])) as { detail: string }[];
    return rows.map((r) => r.detail).join("\n");
  } finally {
    db.close();
  }
}

/** Prints the query and its plan under a heading (what a missed target shows). */
export async function printSlowestQueryPlan(url: string, figure: string, q: SlowQuery | null): Promise<void> {
  if (!q) return;
  const sql = q.sql.length > 2000 ? `${q.sql.slice(0, 2000)}… (${q.sql.length} characters)` : q.sql;
  let plan: string;
  try {
    plan = await explainQuery(url, q);
  } catch (e) {
    plan = `(no plan: ${(e as Error).message})`;
  }
  console.log(`[plan] ${figure} missed its target; its slowest query (${q.ms} ms):\n${sql}\n${plan}\n`);
}
