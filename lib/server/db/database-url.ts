import "server-only";
import path from "node:path";
import { getEnv } from "../env";

export type DatabaseTarget = { provider: "sqlite"; url: string; filename: string } | { provider: "postgresql"; url: string };

/**
 * Parses DATABASE_URL (or `url`; default file:./data/snippet-lab.db, relative to the working directory, the repo
 * root) into the provider and, for SQLite, an absolute file path.
 * `file:` URLs are SQLite; `postgres://` and `postgresql://` are PostgreSQL.
 */
export function resolveDatabaseUrl(url: string = getEnv().databaseUrl): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { provider: "postgresql", url };
  if (url.startsWith("file:")) {
    // Prisma style "file:./x.db" or "file:/abs/x.db"; drop any "?connection_limit=1"-style query string.
    const raw = url.slice("file:".length).replace(/\?.*$/, "");
    if (!raw) throw new Error(`DATABASE_URL "${url}" has no file path`);
    const filename = raw === ":memory:" ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
    return { provider: "sqlite", url: filename === ":memory:" ? "file::memory:" : `file:${filename}`, filename };
  }
  throw new Error(`Unsupported DATABASE_URL "${url}": use file:./path.db (SQLite) or postgresql://… (PostgreSQL)`);
}

/**
 * The SQL dialect of the process's database (DATABASE_URL, validated by getEnv): the generated client is built for
 * one provider, and getDb and every client of this process talk to it.
 */
export function databaseProvider(): DatabaseTarget["provider"] {
  return resolveDatabaseUrl().provider;
}
