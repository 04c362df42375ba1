import "server-only";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { resolveDatabaseUrl } from "../database-url";
import { listMigrations } from "../migrate";
import { readManifest } from "./backup-manifest";
import { restorePostgresDatabase } from "./restore-postgres";
import { type RestoreResult, restoreSqliteDatabase } from "./restore-sqlite";

export type RestoreDatabaseOptions = {
  from: string;
  /** Default DATABASE_URL. */
  url?: string;
  /** SQLite: keep the database as it was in this file first (default `<db>.before-restore-<time>`); false: no copy. */
  safetyCopy?: string | false;
  /** PostgreSQL: replace the objects the backup holds in a database that is not empty. */
  clean?: boolean;
  pgBin?: string;
  /** The migrations folders (default prisma/migrations and prisma/migrations-postgresql under the working directory). */
  migrationsDir?: string;
  log?: (m: string) => void;
};

export type RestoreDatabaseOutcome = RestoreResult & { provider: "sqlite" | "postgresql"; manifestFound: boolean; snapshotAt: string | null };

/**
 * Restores a backup written by backupDatabase into the database (SQLite: restoreSqliteDatabase; PostgreSQL:
 * restorePostgresDatabase), checked against its manifest when it has one. The app and workers should be stopped.
 */
export async function restoreDatabase(options: RestoreDatabaseOptions): Promise<RestoreDatabaseOutcome> {
  const { from, url, safetyCopy, clean, pgBin, log } = options;
  const target = resolveDatabaseUrl(url);
  const manifest = readManifest(from);
  const dir =
    options.migrationsDir ??
    path.resolve(/*turbopackIgnore: true*/ process.cwd(), target.provider === "sqlite" ? "prisma/migrations" : "prisma/migrations-postgresql");
  const knownMigrations = listMigrations(dir).map((m) => m.name);
  const common = { from, manifest, knownMigrations, ...(log ? { log } : {}) };
  let result: RestoreResult;
  if (target.provider === "sqlite") {
    if (target.filename === ":memory:") throw new AppError("BAD_REQUEST", "cannot restore into an in-memory database");
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const copy = safetyCopy === false ? null : (safetyCopy ?? `${target.filename}.before-restore-${stamp}`);
    result = await restoreSqliteDatabase({ ...common, filename: target.filename, safetyCopy: copy });
  } else {
    result = await restorePostgresDatabase({ ...common, url: target.url, ...(clean ? { clean } : {}), ...(pgBin ? { pgBin } : {}) });
  }
  return { ...result, provider: target.provider, manifestFound: manifest !== null, snapshotAt: manifest?.snapshotAt ?? null };
}
