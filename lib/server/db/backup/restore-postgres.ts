import "server-only";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { AppError } from "@/lib/errors";
import { checkPostgresIntegrity } from "../integrity/check-postgres-integrity";
import { postgresTableChecksums } from "../integrity/postgres-table-checksums";
import { compareTableChecksums } from "../integrity/table-checksum";
import { MIGRATIONS_TABLE } from "../migrate";
import { type BackupManifest, sha256File } from "./backup-manifest";
import { checkBackupMigrations } from "./check-backup-migrations";
import { backupSchemas, connectPg, findPgTool, libpqTarget, PG_BOSS_SCHEMA, runPgTool } from "./postgres-tools";
import type { RestoreResult } from "./restore-sqlite";

export type RestorePostgresOptions = {
  /** A `pg_dump --format=custom` file (backupPostgresDatabase's). */
  from: string;
  /** The database to restore into: empty, or `clean` to drop what the dump holds first. */
  url: string;
  manifest: BackupManifest | null;
  knownMigrations: readonly string[];
  /** Drop the dump's objects in the target before restoring them (pg_restore --clean --if-exists). */
  clean?: boolean;
  pgBin?: string;
  log?: (m: string) => void;
};

function readMagic(file: string, n: number): string {
  const fd = openSync(file, "r");
  try {
    const b = Buffer.alloc(n);
    readSync(fd, b, 0, n, 0);
    return b.toString("latin1");
  } finally {
    closeSync(fd);
  }
}

/**
 * Restores a PostgreSQL backup with pg_restore in ONE transaction (all of it or nothing): into an empty database, or
 * over the existing objects with `clean`. The file is checked against its manifest first (sha256, migrations), and
 * the restored database after: every foreign key without an orphan, every table's count and checksum equal to the
 * snapshot's. Stop the app and workers first.
 */
export async function restorePostgresDatabase(options: RestorePostgresOptions): Promise<RestoreResult> {
  const { from, url, manifest, knownMigrations, clean = false, pgBin, log = () => {} } = options;
  if (!existsSync(from)) throw new AppError("NOT_FOUND", `${from} does not exist`);
  if (readMagic(from, 5) !== "PGDMP") {
    throw new AppError("BAD_REQUEST", `${from} is not a pg_dump custom-format file (a SQLite backup restores into a file: DATABASE_URL)`);
  }
  if (manifest) {
    if (manifest.provider !== "postgresql") throw new AppError("BAD_REQUEST", `the manifest of ${from} describes a ${manifest.provider} backup`);
    const sha = await sha256File(from);
    if (sha !== manifest.sha256) throw new AppError("UNPROCESSABLE", `${from} changed since the backup was written (sha256 ${sha.slice(0, 12)}…, manifest ${manifest.sha256.slice(0, 12)}…)`);
    checkBackupMigrations({ backup: manifest.migrations, known: knownMigrations });
  }
  const pgRestore = findPgTool("pg_restore", pgBin);
  const client = await connectPg(url);
  try {
    const { rows } = await client.query<{ tables: string; boss: boolean }>(
      `SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = current_schema())::text AS tables,
              EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS boss`,
      [PG_BOSS_SCHEMA],
    );
    const occupied = Number(rows[0]!.tables) > 0 || rows[0]!.boss;
    if (occupied && !clean) {
      throw new AppError(
        "CONFLICT",
        "the target database is not empty: restore into a new database (createdb) and point DATABASE_URL at it, or pass --clean to replace the objects the backup holds",
      );
    }
    const target = libpqTarget(url);
    log(`pg_restore ${from} (one transaction)…`);
    await runPgTool(
      pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        ...(clean ? ["--clean", "--if-exists"] : []),
        `--dbname=${target.uri}`,
        from,
      ],
      target.env,
    );
    const { rows: applied } = await client.query<{ name: string }>(`SELECT "name" FROM "${MIGRATIONS_TABLE}" ORDER BY "name"`);
    if (!manifest) checkBackupMigrations({ backup: applied.map((m) => m.name), known: knownMigrations });
    const schemas = manifest?.schemas ?? (await backupSchemas(client));
    const problems = await checkPostgresIntegrity(client, { schemas });
    const tables = await postgresTableChecksums(client, { schemas });
    if (manifest) problems.push(...compareTableChecksums(manifest.tables, tables));
    if (problems.length > 0) throw new AppError("INTERNAL", `the restored database does not match the backup:\n  ${problems.join("\n  ")}`);
    return { tables, verified: manifest !== null, safetyCopy: null };
  } finally {
    await client.end();
  }
}
