import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { type Prisma, PrismaClient } from "./generated/client";
import { resolveDatabaseUrl } from "./database-url";
import { loadOptionalModule } from "./load-optional-module";
import { processSingleton, releaseProcessSingleton } from "../process-cache";

/** A client or an interactive-transaction client: every data-access function accepts either. */
export type Db = PrismaClient | Prisma.TransactionClient;

export type CreateDbClientOptions = {
  /** Defaults to DATABASE_URL, then file:./data/snippet-lab.db. */
  url?: string;
};

/**
 * Creates a new PrismaClient with the driver adapter for the URL (better-sqlite3 for file:, pg for postgresql:).
 * Prefer `getDb()`; this is for tests and scripts that need their own database.
 */
export function createDbClient(options: CreateDbClientOptions = {}): PrismaClient {
  const target = resolveDatabaseUrl(options.url);
  if (target.provider === "sqlite") {
    return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 }) });
  }
  // Also needs `provider = "postgresql"` in prisma/schema.prisma and a regenerated client (docs/database.md).
  const { PrismaPg } = loadOptionalModule<{ PrismaPg: new (o: { connectionString: string }) => unknown }>(
    "@prisma/adapter-pg",
    "DATABASE_URL=postgresql://…",
  );
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: target.url }) as never });
}

/**
 * The process-wide PrismaClient for DATABASE_URL, created on first use (one per process, so neither Next's separate
 * bundles nor dev's module reloading open a new connection pool).
 */
export function getDb(): PrismaClient {
  return processSingleton("db", () => createDbClient());
}

/** Closes the process-wide client (scripts call this before exiting); the next getDb opens a new one. */
export async function disconnectDb(): Promise<void> {
  await releaseProcessSingleton<PrismaClient>("db")?.$disconnect();
}
