import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listMigrations, MIGRATIONS_TABLE, MigrationError, migrateDatabase } from "./migrate";

const REPO_MIGRATIONS = path.resolve(import.meta.dirname, "../../../prisma/migrations");
/** How many migrations the repository commits (grows with every schema change). */
const COMMITTED = listMigrations(REPO_MIGRATIONS).length;

let dir: string;
let url: string;
let migrationsDir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-migrate-"));
  url = `file:${path.join(dir, "nested", "test.db")}`;
  migrationsDir = path.join(dir, "migrations");
  cpSync(REPO_MIGRATIONS, migrationsDir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tables = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
};

describe("migrateDatabase (SQLite)", () => {
  it("applies the committed migrations once, then is a no-op", async () => {
    const first = await migrateDatabase({ url, migrationsDir });
    expect(first.applied).toHaveLength(COMMITTED);
    expect(first.alreadyApplied).toBe(0);
    const file = path.join(dir, "nested", "test.db");
    expect(tables(file)).toEqual(expect.arrayContaining([MIGRATIONS_TABLE, "User", "Session", "Pair", "PairDocument", "Span", "Suggestion"]));

    const second = await migrateDatabase({ url, migrationsDir });
    expect(second).toEqual({ applied: [], alreadyApplied: COMMITTED });
  });

  it("applies a later migration and records it", async () => {
    await migrateDatabase({ url, migrationsDir });
    mkdirSync(path.join(migrationsDir, "29990101000000_add_note"));
    writeFileSync(path.join(migrationsDir, "29990101000000_add_note", "migration.sql"), `ALTER TABLE "Dataset" ADD COLUMN "note" TEXT;\n`);
    const r = await migrateDatabase({ url, migrationsDir });
    expect(r).toEqual({ applied: ["29990101000000_add_note"], alreadyApplied: COMMITTED });
  });

  it("refuses to run when an applied migration was edited", async () => {
    await migrateDatabase({ url, migrationsDir });
    const [init] = (await import("./migrate")).listMigrations(migrationsDir);
    const sqlFile = path.join(migrationsDir, init!.name, "migration.sql");
    writeFileSync(sqlFile, `${readFileSync(sqlFile, "utf8")}\n-- edited\n`);
    await expect(migrateDatabase({ url, migrationsDir })).rejects.toThrow(MigrationError);
    await expect(migrateDatabase({ url, migrationsDir })).rejects.toThrow(/changed after it was applied/);
  });

  it("treats CRLF line endings as the same migration", async () => {
    await migrateDatabase({ url, migrationsDir });
    const [init] = (await import("./migrate")).listMigrations(migrationsDir);
    const sqlFile = path.join(migrationsDir, init!.name, "migration.sql");
    writeFileSync(sqlFile, readFileSync(sqlFile, "utf8").replace(/\n/g, "\r\n"));
    await expect(migrateDatabase({ url, migrationsDir })).resolves.toEqual({ applied: [], alreadyApplied: COMMITTED });
  });

  it("rolls back a failing migration completely and does not record it", async () => {
    await migrateDatabase({ url, migrationsDir });
    mkdirSync(path.join(migrationsDir, "29990101000000_broken"));
    writeFileSync(
      path.join(migrationsDir, "29990101000000_broken", "migration.sql"),
      `CREATE TABLE "Temp" ("id" TEXT NOT NULL PRIMARY KEY);\nTHIS IS NOT SQL;\n`,
    );
    await expect(migrateDatabase({ url, migrationsDir })).rejects.toThrow(/29990101000000_broken failed/);
    expect(tables(path.join(dir, "nested", "test.db"))).not.toContain("Temp");
    rmSync(path.join(migrationsDir, "29990101000000_broken"), { recursive: true });
    await expect(migrateDatabase({ url, migrationsDir })).resolves.toEqual({ applied: [], alreadyApplied: COMMITTED });
  });

  it("refuses a database that has a migration the folder lacks", async () => {
    await migrateDatabase({ url, migrationsDir });
    const db = new Database(path.join(dir, "nested", "test.db"));
    db.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" VALUES ('29990101000000_future', 'x', 'now')`).run();
    db.close();
    await expect(migrateDatabase({ url, migrationsDir })).rejects.toThrow(/missing from the migrations folder/);
  });
  it("runs Prisma's RedefineTables SQL without cascading deletes into child tables", async () => {
    // Output of `prisma@6 migrate diff` for adding `priority Int @default(0)` to Pair: it drops and recreates "Pair",
    // which would fire ON DELETE CASCADE into PairDocument etc. if foreign keys were on.
    await migrateDatabase({ url, migrationsDir });
    const file = path.join(dir, "nested", "test.db");
    const db = new Database(file);
    db.exec(`
      INSERT INTO "Dataset" ("id", "name", "updatedAt") VALUES ('d1', 'ds', '2025-01-01');
      INSERT INTO "Query" ("id", "datasetId", "text") VALUES ('q1', 'd1', 'q');
      INSERT INTO "Document" ("id", "datasetId", "text", "blocksJson", "contentHash") VALUES ('doc1', 'd1', 't', '[]', 'h');
      INSERT INTO "Pair" ("id", "datasetId", "queryId", "updatedAt") VALUES ('p1', 'd1', 'q1', '2025-01-01');
      INSERT INTO "PairDocument" ("pairId", "documentId", "position") VALUES ('p1', 'doc1', 0);
    `);
    db.close();
    mkdirSync(path.join(migrationsDir, "29990101000000_pair_priority"));
    writeFileSync(path.join(migrationsDir, "29990101000000_pair_priority", "migration.sql"), REDEFINE_PAIR_SQL);
    expect((await migrateDatabase({ url, migrationsDir })).applied).toEqual(["29990101000000_pair_priority"]);

    const after = new Database(file, { readonly: true });
    expect(after.prepare(`SELECT "priority" FROM "Pair" WHERE "id" = 'p1'`).get()).toEqual({ priority: 0 });
    expect(after.prepare(`SELECT COUNT(*) AS n FROM "PairDocument"`).get()).toEqual({ n: 1 });
    expect(after.pragma("foreign_key_check")).toEqual([]);
    after.close();
  });
});

const REDEFINE_PAIR_SQL = `-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Pair" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "externalId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'unlabeled',
    "version" INTEGER NOT NULL DEFAULT 0,
    "reviewComment" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "reviewerId" TEXT,
    "reviewedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Pair_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Pair_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Pair_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Pair" ("createdAt", "datasetId", "externalId", "id", "queryId", "reviewComment", "reviewedAt", "reviewerId", "status", "updatedAt", "version") SELECT "createdAt", "datasetId", "externalId", "id", "queryId", "reviewComment", "reviewedAt", "reviewerId", "status", "updatedAt", "version" FROM "Pair";
DROP TABLE "Pair";
ALTER TABLE "new_Pair" RENAME TO "Pair";
CREATE INDEX "Pair_datasetId_status_idx" ON "Pair"("datasetId", "status");
CREATE INDEX "Pair_queryId_idx" ON "Pair"("queryId");
CREATE INDEX "Pair_reviewerId_idx" ON "Pair"("reviewerId");
CREATE UNIQUE INDEX "Pair_datasetId_externalId_key" ON "Pair"("datasetId", "externalId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
`;
