// Backups that restore (PostgreSQL): pg_dump of one exported snapshot while a writer keeps adding pairs, pg_restore
// into a new database in one transaction, and every table of the app's schema and pg-boss's (enumerated from
// pg_class) with the row count and checksum of the original at the backup's moment. Run by scripts/test-postgres.mjs
// (`npm test`), which sets SNIPPET_LAB_TEST_POSTGRES_URL and generates the PostgreSQL client; skipped otherwise.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import type { Db } from "../client";
import { postgresTableChecksums } from "../integrity/postgres-table-checksums";
import { compareTableChecksums } from "../integrity/table-checksum";
import { migrateDatabase } from "../migrate";
import { PgBossRunner } from "../../jobs/pg-boss-runner";
import { backupDatabase } from "./backup-database";
import { restoreDatabase } from "./restore-database";
import { fillDatabase, startWriter, writerReaches } from "./test-support/fill-database";

const baseUrl = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;
const migrationsDir = path.resolve(import.meta.dirname, "../../../../prisma/migrations-postgresql");

type PgPrisma = { $disconnect(): Promise<void> };

describe.skipIf(!baseUrl)("PostgreSQL backup and restore", () => {
  // Evaluated while collecting, also when the suite is skipped (no PostgreSQL here).
  const urlOf = (name: string) => (baseUrl ?? "").replace(/\/postgres\?/, `/${name}?`);
  const url = urlOf("snippet_lab_backup");
  let admin: Client;
  let prisma: PgPrisma;
  let writesDatasetId: string;
  let dir: string;
  const db = () => prisma as unknown as Db;
  const savedDatabaseUrl = process.env.DATABASE_URL;

  async function connect(u: string): Promise<Client> {
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: u });
    await c.connect();
    return c;
  }

  beforeAll(async () => {
    // Bulk reads of the data layer pick their SQL dialect from DATABASE_URL, as in production.
    process.env.DATABASE_URL = url;
    dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-pg-backup-"));
    admin = await connect(baseUrl!);
    for (const name of ["snippet_lab_backup", "snippet_lab_restored"]) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    await migrateDatabase({ url, migrationsDir });
    const generated = "../generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    ({ writesDatasetId } = await fillDatabase({ db: db(), pairs: 300 }));
    // pg-boss's schema with a message in it, as a server that queued a job leaves it.
    const runner = new PgBossRunner({ url, db: db(), work: false, concurrency: 1 });
    await runner.start();
    await runner.notify("job-id-of-the-backup-test");
    await runner.stop();
  }, 120_000);
  afterAll(async () => {
    if (savedDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedDatabaseUrl;
    await prisma?.$disconnect();
    await admin?.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("dumps one snapshot while writes continue; the restored database equals it table by table, pg-boss's included", async () => {
    const writer = startWriter({ db: db(), datasetId: writesDatasetId });
    await writerReaches(writer, 3);
    const out = path.join(dir, "backup.dump");
    const manifest = await backupDatabase({ url, out });
    const during = writer.count();
    await writerReaches(writer, during + 3);
    const total = await writer.stop();

    expect(manifest.provider).toBe("postgresql");
    expect(manifest.schemas).toEqual(["public", "pgboss"]);
    const tables = manifest.tables.map((t) => t.table);
    expect(tables).toContain("public.Pair");
    expect(tables).toContain("public._snippet_lab_migrations");
    expect(tables.some((t) => t.startsWith("pgboss.") && manifest.tables.find((x) => x.table === t)!.rows > 0)).toBe(true);
    expect(manifest.tables.filter((t) => t.rows > 0).length).toBeGreaterThanOrEqual(12);

    const restoredUrl = urlOf("snippet_lab_restored");
    const restored = await restoreDatabase({ from: out, url: restoredUrl, migrationsDir });
    expect(restored.verified).toBe(true);
    expect(compareTableChecksums(manifest.tables, restored.tables)).toEqual([]);

    // The restored database holds the writes committed before the snapshot and none after: some of each happened.
    const r = await connect(restoredUrl);
    const { rows } = await r.query<{ n: string }>(`SELECT count(*)::text AS n FROM "Pair" WHERE "datasetId" = $1`, [writesDatasetId]);
    const atBackup = Number(rows[0]!.n);
    expect(atBackup).toBeGreaterThan(0);
    expect(atBackup).toBeLessThan(total);
    // Every table the writer never touched is equal to the original's now, independently of the manifest.
    const o = await connect(url);
    const now = await postgresTableChecksums(o, { schemas: ["public", "pgboss"] });
    const again = await postgresTableChecksums(r, { schemas: ["public", "pgboss"] });
    const written = new Set(["public.Pair", "public.Query", "public.Document", "public.PairDocument"]);
    expect(
      compareTableChecksums(
        now.filter((t) => !written.has(t.table) && !t.table.startsWith("pgboss.")),
        again.filter((t) => !written.has(t.table) && !t.table.startsWith("pgboss.")),
      ),
    ).toEqual([]);
    await o.end();
    await r.end();

    // Into a database that is not empty: refused without --clean, replaced with it.
    const refused = await restoreDatabase({ from: out, url: restoredUrl, migrationsDir }).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("CONFLICT");
    const replaced = await restoreDatabase({ from: out, url: restoredUrl, clean: true, migrationsDir });
    expect(compareTableChecksums(manifest.tables, replaced.tables)).toEqual([]);
  }, 120_000);
});
