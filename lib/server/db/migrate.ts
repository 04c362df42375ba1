// Applies the committed SQL migrations (prisma/migrations for SQLite, prisma/migrations-postgresql for PostgreSQL).
// Prisma 7's `migrate deploy` needs a native schema engine that cannot be downloaded offline, so we keep our own
// small migrator with its own bookkeeping table; see docs/database.md.
import "server-only";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type DatabaseTarget, resolveDatabaseUrl } from "./database-url";
import { loadOptionalModule } from "./load-optional-module";

export const MIGRATIONS_TABLE = "_snippet_lab_migrations";

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationError";
  }
}

export type MigrationFile = { name: string; sql: string; checksum: string };

export type MigrateDatabaseOptions = {
  /** Defaults to DATABASE_URL, then file:./data/snippet-lab.db. */
  url?: string;
  /** Defaults to prisma/migrations (SQLite) or prisma/migrations-postgresql (PostgreSQL) under the working directory. */
  migrationsDir?: string;
  log?: (message: string) => void;
};

export type MigrateDatabaseResult = { applied: string[]; alreadyApplied: number };

/** sha256 of the SQL with CRLF normalized, so a Windows checkout does not look like an edited migration. */
export function checksumSql(sql: string): string {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

/** Migration folders (`<timestamp>_<name>/migration.sql`) in name order. */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) throw new MigrationError(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, "migration.sql");
      if (!existsSync(file)) throw new MigrationError(`Migration ${name} has no migration.sql`);
      const sql = readFileSync(file, "utf8");
      return { name, sql, checksum: checksumSql(sql) };
    });
}

type AppliedRow = { name: string; checksum: string };

/** Throws if the recorded history and the folder disagree; returns the migrations still to apply. */
function pendingMigrations(files: MigrationFile[], applied: AppliedRow[]): MigrationFile[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const row of applied) {
    const file = byName.get(row.name);
    if (!file) {
      throw new MigrationError(
        `Migration ${row.name} is recorded in ${MIGRATIONS_TABLE} but missing from the migrations folder ` +
          `(is this database newer than the code?)`,
      );
    }
    if (file.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.name} was changed after it was applied (checksum ${row.checksum.slice(0, 12)}… in the ` +
          `database, ${file.checksum.slice(0, 12)}… on disk). Never edit an applied migration: restore it and add a ` +
          `new migration instead.`,
      );
    }
  }
  const done = new Set(applied.map((r) => r.name));
  return files.filter((f) => !done.has(f.name));
}

/** Applies pending migrations, each in its own transaction. Idempotent; safe to run at every start. */
export async function migrateDatabase(options: MigrateDatabaseOptions = {}): Promise<MigrateDatabaseResult> {
  const target = resolveDatabaseUrl(options.url);
  const dir =
    options.migrationsDir ??
    path.resolve(/*turbopackIgnore: true*/ process.cwd(), target.provider === "sqlite" ? "prisma/migrations" : "prisma/migrations-postgresql");
  const files = listMigrations(dir);
  const log = options.log ?? (() => {});
  return target.provider === "sqlite" ? migrateSqlite(target, files, log) : migratePostgres(target, files, log);
}

function migrateSqlite(
  target: Extract<DatabaseTarget, { provider: "sqlite" }>,
  files: MigrationFile[],
  log: (m: string) => void,
): MigrateDatabaseResult {
  if (target.filename !== ":memory:") mkdirSync(path.dirname(target.filename), { recursive: true });
  const db = new Database(target.filename, { timeout: 10_000 });
  try {
    // WAL lets the app read while a writer is active; the setting is stored in the file.
    if (target.filename !== ":memory:") db.pragma("journal_mode = WAL");
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (` +
        `"name" TEXT NOT NULL PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" DATETIME NOT NULL)`,
    );
    const readApplied = () => db.prepare(`SELECT "name", "checksum" FROM "${MIGRATIONS_TABLE}" ORDER BY "name"`).all() as AppliedRow[];
    const initial = pendingMigrations(files, readApplied());
    const applied: string[] = [];
    // Foreign keys must be off while tables are redefined (Prisma's RedefineTables SQL drops and recreates tables;
    // with FKs on, DROP TABLE would fire ON DELETE CASCADE). The pragma is a no-op inside a transaction, so it is set
    // around it, and integrity is checked with foreign_key_check before each commit.
    db.pragma("foreign_keys = OFF");
    try {
      for (const file of initial) {
        const run = db.transaction(() => {
          // Re-check under the write lock: another process may have applied it meanwhile.
          if (!pendingMigrations(files, readApplied()).some((f) => f.name === file.name)) return false;
          db.exec(file.sql);
          const violations = db.pragma("foreign_key_check") as unknown[];
          if (violations.length > 0) {
            throw new MigrationError(`Migration ${file.name} leaves ${violations.length} foreign key violation(s)`);
          }
          db.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" ("name", "checksum", "appliedAt") VALUES (?, ?, ?)`).run(
            file.name,
            file.checksum,
            new Date().toISOString(),
          );
          return true;
        });
        try {
          if (run.immediate()) {
            applied.push(file.name);
            log(`applied migration ${file.name}`);
          }
        } catch (e) {
          if (e instanceof MigrationError) throw e;
          throw new MigrationError(`Migration ${file.name} failed and was rolled back: ${(e as Error).message}`);
        }
      }
    } finally {
      db.pragma("foreign_keys = ON");
    }
    return { applied, alreadyApplied: files.length - initial.length };
  } finally {
    db.close();
  }
}

type PgClient = {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
};

async function migratePostgres(
  target: Extract<DatabaseTarget, { provider: "postgresql" }>,
  files: MigrationFile[],
  log: (m: string) => void,
): Promise<MigrateDatabaseResult> {
  const pg = loadOptionalModule<{ Client: new (o: { connectionString: string }) => PgClient }>("pg", "Migrating PostgreSQL");
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  // One migrator at a time across processes (arbitrary constant lock key).
  const LOCK_KEY = 727_274_001;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (` +
        `"name" TEXT NOT NULL PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TIMESTAMP(3) NOT NULL)`,
    );
    const { rows } = await client.query<AppliedRow>(`SELECT "name", "checksum" FROM "${MIGRATIONS_TABLE}" ORDER BY "name"`);
    const pending = pendingMigrations(files, rows);
    const applied: string[] = [];
    for (const file of pending) {
      try {
        await client.query("BEGIN");
        await client.query(file.sql);
        await client.query(`INSERT INTO "${MIGRATIONS_TABLE}" ("name", "checksum", "appliedAt") VALUES ($1, $2, now())`, [file.name, file.checksum]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw new MigrationError(`Migration ${file.name} failed and was rolled back: ${(e as Error).message}`);
      }
      applied.push(file.name);
      log(`applied migration ${file.name}`);
    }
    return { applied, alreadyApplied: files.length - pending.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
