import "server-only";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { loadOptionalModule } from "../load-optional-module";
import type { PgQueryable } from "../integrity/postgres-table-checksums";

/** pg-boss's schema (lib/server/jobs/pg-boss-runner.ts): the job queue, backed up with the app's tables. */
export const PG_BOSS_SCHEMA = "pgboss";

/** Query parameters Prisma or the app understand but libpq (pg_dump, pg_restore) refuses. */
const NON_LIBPQ_PARAMS = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "statement_cache_size", "socket_timeout", "sslaccept"];

/** A DATABASE_URL as libpq tools take it: the password moved to PGPASSWORD (not on the command line), Prisma's parameters dropped. */
export function libpqTarget(url: string): { uri: string; env: Record<string, string> } {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = "";
  for (const p of NON_LIBPQ_PARAMS) u.searchParams.delete(p);
  return { uri: u.toString(), env };
}

/** The URL without its password, for logs and manifests. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore, psql): in `pgBin` when given, else on the PATH, else the newest under
 * /usr/lib/postgresql (Debian's layout). NOT_FOUND when there is none.
 */
export function findPgTool(name: "pg_dump" | "pg_restore" | "psql", pgBin?: string): string {
  const candidates = [
    ...(pgBin ? [path.join(pgBin, name)] : []),
    ...(pgBin
      ? []
      : (process.env.PATH ?? "")
          .split(path.delimiter)
          .filter(Boolean)
          .map((d) => path.join(d, name))),
    ...(!pgBin && existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => path.join("/usr/lib/postgresql", v, "bin", name))
      : []),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found)
    throw new AppError(
      "NOT_FOUND",
      `${name} not found${pgBin ? ` in ${pgBin}` : " on the PATH"} (install the PostgreSQL client: apt-get install postgresql-client, or pass --pg-bin DIR)`,
    );
  return found;
}

/** Runs a PostgreSQL tool; resolves with its stdout, INTERNAL with its stderr when it fails. */
export function runPgTool(tool: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", (e) => reject(new AppError("INTERNAL", `${path.basename(tool)} could not start: ${e.message}`)));
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new AppError("INTERNAL", `${path.basename(tool)} failed (${code ?? signal}):\n${err.trim()}`));
    });
  });
}

/**
 * `pg_restore … -f -` piped into `psql --single-transaction` after `preamble`: a restore that runs statements of its
 * own first (dropping what it replaces) and still commits all of it or nothing.
 */
export function restoreThroughPsql(o: {
  pgRestore: string;
  psql: string;
  restoreArgs: string[];
  preamble: string;
  uri: string;
  env: Record<string, string>;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...o.env };
    const psql = spawn(o.psql, ["--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", "--single-transaction", `--dbname=${o.uri}`], {
      env,
      stdio: ["pipe", "ignore", "pipe"],
    });
    const restore = spawn(o.pgRestore, [...o.restoreArgs, "--file=-"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    psql.stderr.on("data", (b: Buffer) => (err += b.toString()));
    restore.stderr.on("data", (b: Buffer) => (err += b.toString()));
    psql.stdin.on("error", () => {}); // psql stopped at an error: reported by its exit status
    psql.stdin.write(o.preamble);
    restore.stdout.pipe(psql.stdin);
    let restoreCode: number | null = null;
    restore.on("exit", (code) => (restoreCode = code));
    for (const c of [psql, restore])
      c.on("error", (e) => reject(new AppError("INTERNAL", `${path.basename(c.spawnfile)} could not start: ${e.message}`)));
    psql.on("exit", (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else reject(new AppError("INTERNAL", `restore failed (pg_restore ${restoreCode ?? "?"}, psql ${code}), nothing changed:\n${err.trim()}`));
    });
  });
}

export type PgClient = PgQueryable & { connect(): Promise<void>; end(): Promise<void> };

/** A connected `pg` client for the URL (its own connection, outside the app's pool). */
export async function connectPg(url: string): Promise<PgClient> {
  const pg = loadOptionalModule<{ Client: new (o: { connectionString: string; application_name?: string }) => PgClient }>(
    "pg",
    "Backups on PostgreSQL",
  );
  const client = new pg.Client({ connectionString: url, application_name: "snippet-lab-backup" });
  await client.connect();
  return client;
}

/** The schemas to back up: the one the app's tables are in (the connection's current schema) and pg-boss's when it exists. */
export async function backupSchemas(client: PgQueryable): Promise<string[]> {
  const { rows } = await client.query<{ app: string; boss: boolean }>(
    `SELECT current_schema() AS app, EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS boss`,
    [PG_BOSS_SCHEMA],
  );
  const r = rows[0]!;
  return r.boss ? [r.app, PG_BOSS_SCHEMA] : [r.app];
}
