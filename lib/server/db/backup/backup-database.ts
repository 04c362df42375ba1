import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { resolveDatabaseUrl } from "../database-url";
import type { BackupManifest } from "./backup-manifest";
import { manifestPathOf } from "./backup-manifest";
import { backupPostgresDatabase } from "./backup-postgres";
import { backupSqliteDatabase } from "./backup-sqlite";

export type BackupDatabaseOptions = {
  /** Default DATABASE_URL. */
  url?: string;
  /** The backup file (its manifest goes beside it). */
  out: string;
  /** Replace an existing backup file. */
  force?: boolean;
  pgBin?: string;
  log?: (m: string) => void;
};

/**
 * Backs the database up while the app keeps serving: SQLite's online backup API (backupSqliteDatabase) or pg_dump of
 * one snapshot (backupPostgresDatabase). CONFLICT when `out` exists and `force` is not set.
 */
export async function backupDatabase({ url, out, force = false, pgBin, log }: BackupDatabaseOptions): Promise<BackupManifest> {
  if (!existsSync(path.dirname(out))) throw new AppError("NOT_FOUND", `${path.dirname(out)} does not exist: create the backup folder first`);
  if (!force && (existsSync(out) || existsSync(manifestPathOf(out)))) {
    throw new AppError("CONFLICT", `${out} exists: choose another name (e.g. with the date) or pass --force`);
  }
  const target = resolveDatabaseUrl(url);
  if (target.provider === "sqlite") {
    if (target.filename === ":memory:") throw new AppError("BAD_REQUEST", "an in-memory database cannot be backed up");
    if (!existsSync(target.filename)) throw new AppError("NOT_FOUND", `${target.filename} does not exist`);
    return backupSqliteDatabase({ filename: target.filename, out, ...(log ? { log } : {}) });
  }
  return backupPostgresDatabase({ url: target.url, out, ...(pgBin ? { pgBin } : {}), ...(log ? { log } : {}) });
}
