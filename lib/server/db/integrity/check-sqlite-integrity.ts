import "server-only";
import type Database from "better-sqlite3";

/**
 * SQLite's own checks of a database file: `PRAGMA integrity_check` (every page, index and constraint of the b-trees)
 * and `PRAGMA foreign_key_check` (rows whose parent is missing). Returns the problems found, [] for a sound file.
 */
export function checkSqliteIntegrity(db: Database.Database): string[] {
  const problems: string[] = [];
  const integrity = db.pragma("integrity_check") as { integrity_check: string }[];
  for (const row of integrity) if (row.integrity_check !== "ok") problems.push(`integrity_check: ${row.integrity_check}`);
  const orphans = db.pragma("foreign_key_check") as { table: string; rowid: number | null; parent: string; fkid: number }[];
  const byTable = new Map<string, number>();
  for (const o of orphans) byTable.set(`${o.table} → ${o.parent}`, (byTable.get(`${o.table} → ${o.parent}`) ?? 0) + 1);
  for (const [link, n] of byTable) problems.push(`foreign_key_check: ${n} row(s) of ${link} without their parent`);
  return problems;
}
