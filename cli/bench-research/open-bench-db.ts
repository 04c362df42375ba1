// The benchmark's database client for a SQLite file or a PostgreSQL URL, with every query's SQL and duration seen, so
// a figure that misses its target can print the plan of its slowest query.
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { PrismaClient } from "../../lib/server/db/generated/client";
import { setProcessDatabaseUrl } from "../../lib/server/env";

export type SlowQuery = { sql: string; params: string; ms: number };

export type BenchDb = {
  db: PrismaClient;
  provider: "sqlite" | "postgresql";
  /** The slowest query since the last call (then forgets it). */
  takeSlowest(): SlowQuery | null;
};

type QueryEvent = { query: string; params: string; duration: number };
type LoggingClient = PrismaClient & { $on(event: "query", cb: (e: QueryEvent) => void): void };

/**
 * Opens the database of `url`. PostgreSQL takes the client generated for it (lib/server/db/generated-pg, made by
 * generatePostgresClient) and sets DATABASE_URL to it: the data layer's raw SQL follows the process's database.
 */
export async function openBenchDb(url: string): Promise<BenchDb> {
  const log: [{ emit: "event"; level: "query" }] = [{ emit: "event", level: "query" }];
  let db: LoggingClient;
  let provider: BenchDb["provider"];
  if (/^postgres(ql)?:\/\//i.test(url)) {
    provider = "postgresql";
    setProcessDatabaseUrl(url);
    // A path computed at run time: the PostgreSQL client exists only after generatePostgresClient.
    const generated = path.resolve(import.meta.dirname, "../../lib/server/db/generated-pg/client.ts");
    const { PrismaClient: PgClient } = (await import(generated)) as { PrismaClient: new (o: unknown) => LoggingClient };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    db = new PgClient({ adapter: new PrismaPg({ connectionString: url }), log });
  } else {
    provider = "sqlite";
    const { PrismaClient: SqliteClient } = await import("../../lib/server/db/generated/client");
    db = new SqliteClient({ adapter: new PrismaBetterSqlite3({ url, timeout: 10_000 }), log }) as unknown as LoggingClient;
  }
  let slowest: SlowQuery | null = null;
  db.$on("query", (e) => {
    if (!slowest || e.duration > slowest.ms) slowest = { sql: e.query, params: e.params, ms: e.duration };
  });
  return {
    db,
    provider,
    takeSlowest() {
      const s = slowest;
      slowest = null;
      return s;
    },
  };
}
