import "server-only";
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { AppError } from "@/lib/errors";
import { checkSqliteIntegrity } from "../integrity/check-sqlite-integrity";
import { sqliteTableChecksums } from "../integrity/sqlite-table-checksums";
import { compareTableChecksums } from "../integrity/table-checksum";
import { MIGRATIONS_TABLE } from "../migrate";
import { type BackupManifest, MANIFEST_FORMAT, sha256File, writeManifest } from "./backup-manifest";

export type BackupSqliteOptions = {
  /** The live database file (the app may be serving from it). */
  filename: string;
  /** Where the backup goes (a new file; `.partial` while it is written). */
  out: string;
  log?: (m: string) => void;
};

/** The migrations recorded in a SQLite database ([] when it has none). */
export function sqliteMigrations(db: Database.Database): string[] {
  const has = db.prepare(`SELECT 1 FROM "sqlite_master" WHERE "type" = 'table' AND "name" = ?`).get(MIGRATIONS_TABLE);
  if (!has) return [];
  return (db.prepare(`SELECT "name" FROM "${MIGRATIONS_TABLE}" ORDER BY "name"`).all() as { name: string }[]).map((r) => r.name);
}

function fsyncFile(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * An online backup of a SQLite database while the app keeps serving: one read transaction fixes the moment (in WAL
 * mode writers go on meanwhile, and SQLite's backup API copies that snapshot page by page without restarting), the
 * tables' counts and checksums are taken in the same transaction, the copy is switched to a self-contained file
 * (journal_mode DELETE), checked (integrity_check, foreign_key_check, every table against the snapshot's checksums),
 * synced and only then renamed to `out`, with `out`.manifest.json beside it. A crash midway leaves only `.partial`.
 */
export async function backupSqliteDatabase({ filename, out, log = () => {} }: BackupSqliteOptions): Promise<BackupManifest> {
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const started = Date.now();
  const source = new Database(filename, { fileMustExist: true, timeout: 10_000 });
  let tables;
  let migrations: string[];
  let snapshotAt: string;
  try {
    source.exec("BEGIN");
    // The first read starts the snapshot: everything committed before it is in the backup, nothing after.
    source.prepare(`SELECT count(*) FROM "sqlite_master"`).get();
    snapshotAt = new Date().toISOString();
    migrations = sqliteMigrations(source);
    tables = sqliteTableChecksums(source);
    log(`snapshot: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows; copying…`);
    await source.backup(partial, { progress: () => 1024 });
    source.exec("COMMIT");
  } finally {
    source.close();
  }
  try {
    const copy = new Database(partial);
    try {
      // One file, no -wal beside it: what is copied off the machine is the whole backup.
      copy.pragma("journal_mode = DELETE");
      const problems = checkSqliteIntegrity(copy);
      problems.push(...compareTableChecksums(tables, sqliteTableChecksums(copy)));
      if (problems.length > 0) throw new AppError("INTERNAL", `the backup copy does not match the database:\n  ${problems.join("\n  ")}`);
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    renameSync(partial, out);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    provider: "sqlite",
    snapshotAt,
    seconds: (Date.now() - started) / 1000,
    source: filename,
    migrations,
    tables,
    bytes: statSync(out).size,
    sha256: await sha256File(out),
  };
  writeManifest(out, manifest);
  return manifest;
}
