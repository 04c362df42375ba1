// Backups that restore (SQLite): a filled database is backed up while a writer keeps adding pairs, the backup is
// restored into a new file, and every table (enumerated from sqlite_master, whatever later migrations add) has the row
// count and checksum of the original at the backup's moment — rebuilt independently from the original by taking the
// writer's later pairs out again. Also: restoring over a database another connection has open, the safety copy, and
// refusals (a changed file, a newer schema, an existing backup file).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as backupCommand } from "@/cli/commands/backup";
import { command as restoreCommand } from "@/cli/commands/restore";
import { runCommandForTest } from "@/cli/run-command-for-test";
import { isAppError } from "@/lib/errors";
import { createDbClient } from "../client";
import type { PrismaClient } from "../generated/client";
import { sqliteTableChecksums } from "../integrity/sqlite-table-checksums";
import { compareTableChecksums } from "../integrity/table-checksum";
import { migrateDatabase } from "../migrate";
import { backupDatabase } from "./backup-database";
import { manifestPathOf, readManifest } from "./backup-manifest";
import { restoreDatabase } from "./restore-database";
import { fillDatabase, startWriter, writerReaches } from "./test-support/fill-database";

const migrationsDir = path.resolve(import.meta.dirname, "../../../../prisma/migrations");
let dir: string;
let url: string;
let db: PrismaClient;
let writesDatasetId: string;

const file = (name: string) => path.join(dir, name);
const checksumsOf = (filename: string) => {
  const sqlite = new Database(filename, { readonly: true });
  try {
    return sqliteTableChecksums(sqlite);
  } finally {
    sqlite.close();
  }
};
const writesIn = async (client: PrismaClient) => client.pair.count({ where: { datasetId: writesDatasetId } });

async function expectRefusal(p: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(isAppError(e), String(e)).toBe(true);
  if (isAppError(e)) {
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-backup-"));
  url = `file:${file("app.db")}`;
  await migrateDatabase({ url, migrationsDir });
  db = createDbClient({ url });
  ({ writesDatasetId } = await fillDatabase({ db, pairs: 400 }));
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("SQLite backup and restore", () => {
  let writesAtBackup = 0;

  it("backs up while writes continue; the restored copy equals the original at the backup's moment, table by table", async () => {
    const writer = startWriter({ db, datasetId: writesDatasetId });
    await writerReaches(writer, 3);
    const manifest = await backupDatabase({ url, out: file("backup.db") });
    const during = writer.count();
    await writerReaches(writer, during + 3);
    const total = await writer.stop();

    // Every table of the schema is in the manifest, most of them with rows.
    const names = (db: Database.Database) =>
      (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]).map(
        (r) => r.name,
      );
    const original = new Database(file("app.db"), { readonly: true });
    expect(manifest.tables.map((t) => t.table)).toEqual(names(original));
    original.close();
    expect(manifest.tables.filter((t) => t.rows > 0).length).toBeGreaterThanOrEqual(12);
    expect(readManifest(file("backup.db"))).toEqual(manifest);

    const restored = await restoreDatabase({ from: file("backup.db"), url: `file:${file("restored.db")}`, safetyCopy: false, migrationsDir });
    expect(restored.verified).toBe(true);
    expect(compareTableChecksums(manifest.tables, restored.tables)).toEqual([]);

    // The backup holds the writes committed before its moment and none after: some of each happened.
    const restoredDb = createDbClient({ url: `file:${file("restored.db")}` });
    writesAtBackup = await writesIn(restoredDb);
    await restoredDb.$disconnect();
    expect(writesAtBackup).toBeGreaterThan(0);
    expect(writesAtBackup).toBeLessThan(total);

    // The original at that moment, rebuilt independently of the manifest: its final state without the later writes.
    const live = new Database(file("app.db"), { readonly: true });
    await live.backup(file("expected.db"));
    live.close();
    const expected = createDbClient({ url: `file:${file("expected.db")}` });
    const later = await expected.query.findMany({ where: { datasetId: writesDatasetId }, select: { id: true, text: true } });
    const laterIds = later.filter((q) => Number(q.text.split(" ")[1]) >= writesAtBackup).map((q) => q.id);
    expect(laterIds).toHaveLength(total - writesAtBackup);
    const laterPairs = await expected.pair.findMany({
      where: { queryId: { in: laterIds } },
      select: { id: true, documents: { select: { documentId: true } } },
    });
    await expected.pair.deleteMany({ where: { id: { in: laterPairs.map((p) => p.id) } } });
    await expected.document.deleteMany({ where: { id: { in: laterPairs.flatMap((p) => p.documents.map((d) => d.documentId)) } } });
    await expected.query.deleteMany({ where: { id: { in: laterIds } } });
    await expected.$disconnect();
    expect(compareTableChecksums(checksumsOf(file("expected.db")), checksumsOf(file("restored.db")))).toEqual([]);
  }, 120_000);

  it("restores over the live database a client still has open, keeping a safety copy of it first", async () => {
    const before = await writesIn(db);
    expect(before).toBeGreaterThan(writesAtBackup);
    const current = checksumsOf(file("app.db"));
    const outcome = await restoreDatabase({ from: file("backup.db"), url, safetyCopy: file("safety.db"), migrationsDir });
    expect(outcome.verified).toBe(true);
    expect(outcome.safetyCopy).toBe(file("safety.db"));
    // The open client reads the restored content; the safety copy holds what was there.
    expect(await writesIn(db)).toBe(writesAtBackup);
    expect(compareTableChecksums(current, checksumsOf(file("safety.db")))).toEqual([]);
    const live = new Database(file("app.db"));
    expect(live.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(live.pragma("integrity_check", { simple: true })).toBe("ok");
    live.close();
    // The app goes on writing to it.
    await startWriter({ db, datasetId: writesDatasetId }).stop();
  }, 60_000);

  it("refuses a changed backup file, a newer schema, and an existing backup name — and changes nothing", async () => {
    const target = `file:${file("untouched.db")}`;
    copyFileSync(file("backup.db"), file("changed.db"));
    copyFileSync(manifestPathOf(file("backup.db")), manifestPathOf(file("changed.db")));
    const sqlite = new Database(file("changed.db"));
    sqlite.prepare(`UPDATE "User" SET "name" = 'mallory' WHERE "email" = 'ann@backup.test'`).run();
    sqlite.close();
    await expectRefusal(
      restoreDatabase({ from: file("changed.db"), url: target, safetyCopy: false, migrationsDir }),
      "UNPROCESSABLE",
      /changed since the backup/,
    );

    // Without its manifest, a backup of a newer schema is still refused by its migrations.
    rmSync(manifestPathOf(file("changed.db")));
    const newer = new Database(file("changed.db"));
    newer
      .prepare(`INSERT INTO "_snippet_lab_migrations" ("name", "checksum", "appliedAt") VALUES ('29990101000000_future', 'x', '2999-01-01')`)
      .run();
    newer.close();
    await expectRefusal(
      restoreDatabase({ from: file("changed.db"), url: target, safetyCopy: false, migrationsDir }),
      "CONFLICT",
      /29990101000000_future/,
    );

    writeFileSync(file("not-a-backup.db"), "hello");
    await expectRefusal(
      restoreDatabase({ from: file("not-a-backup.db"), url: target, safetyCopy: false, migrationsDir }),
      "BAD_REQUEST",
      /not a SQLite database/,
    );
    await expectRefusal(backupDatabase({ url, out: file("backup.db") }), "CONFLICT", /exists/);
    expect(() => new Database(file("untouched.db"), { fileMustExist: true })).toThrow();
  }, 60_000);

  it("snippet-lab backup and restore print every table's count, and the restore verifies them", async () => {
    const out = file("cli-backup.db");
    const backup = await runCommandForTest(backupCommand, ["--out", out, "--database", url]);
    expect(backup.error).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Pair\s+\d+\s+[0-9a-f]{16}$/m);
    expect(backup.out).toMatch(/Backed up .* \(sqlite\) as of .*: \d+ tables, \d+ rows/);
    const restore = await runCommandForTest(restoreCommand, ["--from", out, "--database", `file:${file("cli-restored.db")}`]);
    expect(restore.error).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/every table's count and checksum equals the backup's/);
    expect(compareTableChecksums(readManifest(out)!.tables, checksumsOf(file("cli-restored.db")))).toEqual([]);
  }, 60_000);
});
