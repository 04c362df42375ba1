import "server-only";
import { renameSync, rmSync, statSync } from "node:fs";
import { postgresTableChecksums } from "../integrity/postgres-table-checksums";
import { MIGRATIONS_TABLE } from "../migrate";
import { type BackupManifest, MANIFEST_FORMAT, sha256File, writeManifest } from "./backup-manifest";
import { backupSchemas, connectPg, findPgTool, libpqTarget, redactUrl, runPgTool } from "./postgres-tools";

export type BackupPostgresOptions = {
  url: string;
  out: string;
  /** Folder of pg_dump (default: the PATH, then /usr/lib/postgresql/<newest>/bin). */
  pgBin?: string;
  log?: (m: string) => void;
};

/**
 * `pg_dump --format=custom` of the app's schema and pg-boss's, from one snapshot: a REPEATABLE READ transaction
 * exports its snapshot, the tables' counts and checksums are taken in it, and pg_dump dumps exactly that snapshot
 * (`--snapshot`) while the app keeps writing. The dump is written to `.partial` and renamed when pg_dump succeeded,
 * with `out`.manifest.json beside it. Restore with restorePostgresDatabase (pg_restore).
 */
export async function backupPostgresDatabase({ url, out, pgBin, log = () => {} }: BackupPostgresOptions): Promise<BackupManifest> {
  const pgDump = findPgTool("pg_dump", pgBin);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const started = Date.now();
  const client = await connectPg(url);
  let manifest: Omit<BackupManifest, "bytes" | "sha256">;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const { rows } = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    const snapshot = rows[0]!.snapshot;
    const snapshotAt = new Date().toISOString();
    const schemas = await backupSchemas(client);
    const { rows: migrations } = await client.query<{ name: string }>(`SELECT "name" FROM "${MIGRATIONS_TABLE}" ORDER BY "name"`);
    const tables = await postgresTableChecksums(client, { schemas });
    log(`snapshot ${snapshot}: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows in ${schemas.join(", ")}; pg_dump…`);
    const target = libpqTarget(url);
    // The exporting transaction stays open until pg_dump is done: its snapshot lives as long as it does.
    await runPgTool(
      pgDump,
      [
        "--format=custom",
        `--snapshot=${snapshot}`,
        ...schemas.map((s) => `--schema=${s}`),
        "--no-owner",
        "--no-privileges",
        `--file=${partial}`,
        `--dbname=${target.uri}`,
      ],
      target.env,
    );
    await client.query("COMMIT");
    manifest = {
      format: MANIFEST_FORMAT,
      provider: "postgresql",
      snapshotAt,
      seconds: 0,
      source: redactUrl(url),
      schemas,
      migrations: migrations.map((m) => m.name),
      tables,
    };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    await client.end();
  }
  renameSync(partial, out);
  const full: BackupManifest = { ...manifest, seconds: (Date.now() - started) / 1000, bytes: statSync(out).size, sha256: await sha256File(out) };
  writeManifest(out, full);
  return full;
}
