import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

// Server modules load inside run() so `--help` stays instant. Docs: docs/backups.md.

const usage = `snippet-lab backup --out FILE [--database URL] [--force] [--pg-bin DIR]

Backs the database up while the app keeps serving (no need to stop it), and writes FILE.manifest.json beside the
backup: every table's row count and checksum at the backup's moment, the applied migrations and the file's sha256.
The backup holds every transaction committed before it started and nothing committed after.

  SQLite (DATABASE_URL file:…): SQLite's online backup API copies one read snapshot page by page while writers go
    on; FILE is a self-contained SQLite database, checked (integrity_check, foreign keys, every table against the
    snapshot's checksums) before it is renamed into place.
  PostgreSQL: pg_dump --format=custom of the app's schema and pg-boss's (pgboss), dumping the snapshot whose checksums
    the manifest holds. Needs pg_dump of the server's major version or newer.

  --out FILE        the backup file (relative to the current directory); refused when it exists, unless --force
  --database URL    the database to back up (default DATABASE_URL)
  --force           replace FILE
  --pg-bin DIR      folder of pg_dump (default: the PATH, then /usr/lib/postgresql/<newest>/bin)

Restore with 'snippet-lab restore --from FILE'. How often and where: docs/backups.md.`;

export const command = defineCommand({
  name: "backup",
  summary: "back the database up while the app serves (SQLite online backup / pg_dump), with a manifest of every table's checksum",
  usage,
  options: {
    out: { type: "string" },
    database: { type: "string" },
    force: { type: "boolean" },
    "pg-bin": { type: "string" },
  },
  async run({ values }) {
    if (!values.out) throw new AppError("BAD_REQUEST", "--out FILE is required");
    // Paths on the command line are the caller's; relative DATABASE_URLs mean the repository root (as for npm start).
    const out = path.resolve(values.out);
    const { resolveDatabaseUrl } = await import("../../lib/server/db/database-url");
    const url = values.database ? resolveDatabaseUrl(values.database).url : undefined;
    process.chdir(path.resolve(import.meta.dirname, "../.."));
    const { backupDatabase } = await import("../../lib/server/db/backup/backup-database");
    const { formatTableCounts } = await import("../../lib/server/db/backup/format-table-counts");
    const manifest = await backupDatabase({
      out,
      force: values.force,
      ...(url ? { url } : {}),
      ...(values["pg-bin"] ? { pgBin: path.resolve(values["pg-bin"]) } : {}),
      log: (m) => console.error(`[backup] ${m}`),
    });
    console.log(formatTableCounts(manifest.tables));
    console.log(
      `Backed up ${manifest.source} (${manifest.provider}) as of ${manifest.snapshotAt}: ${manifest.tables.length} tables, ` +
        `${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${(manifest.bytes / 1024 / 1024).toFixed(1)} MB in ${manifest.seconds.toFixed(1)} s`,
    );
    console.log(`  ${out}\n  ${out}.manifest.json`);
    return 0;
  },
});
