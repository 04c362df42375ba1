// What every part of the crash test's process shares (scripts/crash-test-run.ts): the database, its provider, the
// synchronous stdout lines the parent reads, and the row counts the operations and the checks compare.
import { getDb } from "@/lib/server/db/client";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";

export const say = (line: string) => process.stdout.write(`${line}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const db = getDb();
export const provider = resolveDatabaseUrl().provider;

export const count = async (sql: string): Promise<number> => Number((await db.$queryRawUnsafe<{ n: unknown }[]>(sql))[0]?.n ?? 0);

export async function datasetCounts(datasetId: string) {
  const [pairs, documents, queries, spans, spanEvents, links] = await Promise.all([
    db.pair.count({ where: { datasetId } }),
    db.document.count({ where: { datasetId } }),
    db.query.count({ where: { datasetId } }),
    db.span.count({ where: { pair: { datasetId } } }),
    db.spanEvent.count({ where: { span: { pair: { datasetId } } } }),
    db.pairDocument.count({ where: { pair: { datasetId } } }),
  ]);
  return { pairs, documents, queries, spans, spanEvents, links };
}

export async function auditTableExists(table: string): Promise<boolean> {
  const sql =
    provider === "sqlite"
      ? `SELECT COUNT(*) AS n FROM "sqlite_master" WHERE "type" = 'table' AND "name" = '${table}'`
      : `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '${table}'`;
  return (await count(sql)) > 0;
}
