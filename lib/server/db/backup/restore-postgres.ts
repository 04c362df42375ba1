import "server-only";
import { closeSync, existsSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { checkPostgresIntegrity } from "../integrity/check-postgres-integrity";
import { postgresTableChecksums } from "../integrity/postgres-table-checksums";
import { compareTableChecksums } from "../integrity/table-checksum";
import { MIGRATIONS_TABLE } from "../migrate";
import { type BackupManifest, sha256File } from "./backup-manifest";
import { checkBackupMigrations } from "./check-backup-migrations";
import { backupSchemas, connectPg, findPgTool, libpqTarget, PG_BOSS_SCHEMA, restoreThroughPsql, runPgTool } from "./postgres-tools";
import type { RestoreResult } from "./restore-sqlite";

export type RestorePostgresOptions = {
  /** A `pg_dump --format=custom` file (backupPostgresDatabase's). */
  from: string;
  /** The database to restore into: empty, or `clean` to drop what the dump holds first. */
  url: string;
  manifest: BackupManifest | null;
  knownMigrations: readonly string[];
  /** Drop the schemas the dump holds (with everything in them) before restoring them, in the same transaction. */
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
 * with `clean` in place of the schemas the dump holds (the app's and pg-boss's are dropped with everything in them, in
 * the same transaction). The file is checked against its manifest first (sha256, migrations), and
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
    if (sha !== manifest.sha256)
      throw new AppError(
        "UNPROCESSABLE",
        `${from} changed since the backup was written (sha256 ${sha.slice(0, 12)}…, manifest ${manifest.sha256.slice(0, 12)}…)`,
      );
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
    const listed = (await runPgTool(pgRestore, ["--list", from], target.env)).split("\n");
    const schemaOf = (line: string) => /^\d+; \d+ \d+ (?:SCHEMA - |COMMENT - SCHEMA )(\S+)/.exec(line)?.[1]?.replace(/^"|"$/g, "");
    const listFile = path.join(os.tmpdir(), `snippet-lab-restore-${process.pid}-${Date.now()}.list`);
    const common = ["--no-owner", "--no-privileges", `--use-list=${listFile}`];
    try {
      if (!clean) {
        // A schema the target has already (public, in every new database) is left out: CREATE SCHEMA would fail.
        const { rows: existing } = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace`);
        const present = new Set(existing.map((r) => r.nspname));
        writeFileSync(listFile, listed.filter((line) => !present.has(schemaOf(line) ?? "")).join("\n"));
        log(`pg_restore ${from} (one transaction)…`);
        await runPgTool(pgRestore, [...common, "--exit-on-error", "--single-transaction", `--dbname=${target.uri}`, from], target.env);
      } else {
        // pg_restore --clean cannot drop pg-boss's partitioned tables piece by piece: the dump's schemas are dropped
        // whole instead, in the same transaction as the restore (psql --single-transaction), so a failure changes nothing.
        const schemas = [...new Set(listed.map(schemaOf).filter((s): s is string => !!s))];
        writeFileSync(listFile, listed.join("\n"));
        const preamble = schemas.map((s) => `DROP SCHEMA IF EXISTS "${s.replace(/"/g, '""')}" CASCADE;\n`).join("");
        log(`dropping ${schemas.join(", ")} and restoring ${from} (one transaction)…`);
        await restoreThroughPsql({
          pgRestore,
          psql: findPgTool("psql", pgBin),
          restoreArgs: [...common, from],
          preamble,
          uri: target.uri,
          env: target.env,
        });
      }
    } finally {
      rmSync(listFile, { force: true });
    }
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
