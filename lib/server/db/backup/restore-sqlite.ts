import "server-only";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { AppError } from "@/lib/errors";
import { checkSqliteIntegrity } from "../integrity/check-sqlite-integrity";
import { sqliteTableChecksums } from "../integrity/sqlite-table-checksums";
import { compareTableChecksums, type TableChecksum } from "../integrity/table-checksum";
import { type BackupManifest, sha256File } from "./backup-manifest";
import { backupSqliteDatabase, sqliteMigrations } from "./backup-sqlite";
import { checkBackupMigrations } from "./check-backup-migrations";

export type RestoreSqliteOptions = {
  /** The backup file (a SQLite database written by backupSqliteDatabase, or any copy of one). */
  from: string;
  /** The database file to restore into (replaced as a whole; created when missing). */
  filename: string;
  /** The backup's manifest: the file's sha256 and every table are checked against it. */
  manifest: BackupManifest | null;
  /** Migration names of the code (a backup of a newer schema is refused). */
  knownMigrations: readonly string[];
  /** Where the database as it was goes first (null: no safety copy). */
  safetyCopy: string | null;
  log?: (m: string) => void;
};

export type RestoreResult = { tables: TableChecksum[]; verified: boolean; safetyCopy: string | null };

const SQLITE_MAGIC = "SQLite format 3\u0000";

/**
 * Restores a SQLite backup into `filename`: the backup is checked first (its sha256 against the manifest,
 * integrity_check, foreign_key_check, its migrations against the code's), the current database is backed up to
 * `safetyCopy`, then SQLite's backup API copies the backup into the database file under SQLite's own locks (a process
 * that still has it open sees the restored content, never a torn file; WAL mode is kept), and the result is checked
 * again, table by table against the manifest. Stop the app and workers first: their in-memory caches still hold the
 * old data.
 */
export async function restoreSqliteDatabase(options: RestoreSqliteOptions): Promise<RestoreResult> {
  const { from, filename, manifest, knownMigrations, safetyCopy, log = () => {} } = options;
  if (!existsSync(from)) throw new AppError("NOT_FOUND", `${from} does not exist`);
  if (readFileSync(from).subarray(0, 16).toString("latin1") !== SQLITE_MAGIC) {
    throw new AppError("BAD_REQUEST", `${from} is not a SQLite database (a PostgreSQL backup restores into a postgresql:// DATABASE_URL)`);
  }
  if (manifest) {
    if (manifest.provider !== "sqlite") throw new AppError("BAD_REQUEST", `the manifest of ${from} describes a ${manifest.provider} backup`);
    const sha = await sha256File(from);
    if (sha !== manifest.sha256)
      throw new AppError(
        "UNPROCESSABLE",
        `${from} changed since the backup was written (sha256 ${sha.slice(0, 12)}…, manifest ${manifest.sha256.slice(0, 12)}…)`,
      );
  }
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    const problems = checkSqliteIntegrity(source);
    if (problems.length > 0) throw new AppError("UNPROCESSABLE", `${from} is damaged, nothing restored:\n  ${problems.join("\n  ")}`);
    checkBackupMigrations({ backup: sqliteMigrations(source), known: knownMigrations });

    let kept: string | null = null;
    if (safetyCopy && existsSync(filename)) {
      log(`saving the current database to ${safetyCopy}…`);
      await backupSqliteDatabase({ filename, out: safetyCopy });
      kept = safetyCopy;
    }
    log(`restoring ${from} into ${filename}…`);
    mkdirSync(path.dirname(filename), { recursive: true });
    // The backup API opens the target as any connection does (a leftover -wal is recovered first), then overwrites
    // every page in one write transaction.
    await source.backup(filename, { progress: () => 1024 });
    const target = new Database(filename);
    try {
      if (target.pragma("journal_mode", { simple: true }) !== "wal") target.pragma("journal_mode = WAL");
      const after = checkSqliteIntegrity(target);
      const tables = sqliteTableChecksums(target);
      if (manifest) after.push(...compareTableChecksums(manifest.tables, tables));
      if (after.length > 0) throw new AppError("INTERNAL", `the restored database does not match the backup:\n  ${after.join("\n  ")}`);
      return { tables, verified: manifest !== null, safetyCopy: kept };
    } finally {
      target.close();
    }
  } finally {
    source.close();
  }
}
