import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

// Server modules load inside run() so `--help` stays instant. Docs: docs/backups.md.

const usage = `snippet-lab restore --from FILE [--database URL] [--no-safety-copy] [--clean] [--pg-bin DIR]

Restores a backup written by 'snippet-lab backup' into the database. Stop the app and every worker first (their
caches hold the old data), restore, then start them: the next start applies any migration newer than the backup.
Everything committed after the backup's moment is lost; everything committed before it is back.

The backup is checked before anything changes: its sha256 against FILE.manifest.json, SQLite's integrity_check and
foreign keys (SQLite), and its migrations against this code's (a backup of a newer version is refused). After the
restore every table's row count and checksum is compared with the manifest, and the counts are printed.

  SQLite: the current database is first saved as <db>.before-restore-<time> (unless --no-safety-copy), then SQLite's
    backup API copies FILE into the database file under SQLite's locks (WAL mode kept).
  PostgreSQL: pg_restore in one transaction into an empty database (createdb; point DATABASE_URL at it), or with
    --clean in place of the app's schema and pg-boss's (dropped with everything in them, in the same transaction).

  --from FILE        the backup file
  --database URL     the database to restore into (default DATABASE_URL); e.g. file:./restored.db to inspect a backup
  --no-safety-copy   SQLite: do not save the current database first
  --clean            PostgreSQL: replace the backup's schemas in a database that is not empty (needs psql)
  --pg-bin DIR       folder of pg_restore and psql (default: the PATH, then /usr/lib/postgresql/<newest>/bin)`;

export const command = defineCommand({
  name: "restore",
  summary: "restore a backup (checked against its manifest before and after) into the database",
  usage,
  options: {
    from: { type: "string" },
    database: { type: "string" },
    "no-safety-copy": { type: "boolean" },
    clean: { type: "boolean" },
    "pg-bin": { type: "string" },
  },
  async run({ values }) {
    if (!values.from) throw new AppError("BAD_REQUEST", "--from FILE is required");
    const from = path.resolve(values.from);
    const { resolveDatabaseUrl } = await import("../../lib/server/db/database-url");
    const url = values.database ? resolveDatabaseUrl(values.database).url : undefined;
    process.chdir(path.resolve(import.meta.dirname, "../.."));
    const { restoreDatabase } = await import("../../lib/server/db/backup/restore-database");
    const { formatTableCounts } = await import("../../lib/server/db/backup/format-table-counts");
    const result = await restoreDatabase({
      from,
      ...(url ? { url } : {}),
      ...(values["no-safety-copy"] ? { safetyCopy: false as const } : {}),
      ...(values.clean ? { clean: true } : {}),
      ...(values["pg-bin"] ? { pgBin: path.resolve(values["pg-bin"]) } : {}),
      log: (m) => console.error(`[restore] ${m}`),
    });
    console.log(formatTableCounts(result.tables));
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${result.tables.length} tables, ${rows} rows` +
        (result.verified
          ? `: every table's count and checksum equals the backup's (as of ${result.snapshotAt}).`
          : ` (no ${path.basename(from)}.manifest.json beside the backup: integrity checked, contents not compared).`),
    );
    if (result.safetyCopy) console.log(`The database as it was before: ${result.safetyCopy}`);
    return 0;
  },
});
