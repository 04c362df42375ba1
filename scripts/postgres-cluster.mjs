// A throwaway Debian PostgreSQL cluster (unix socket only, in a temp dir) and the PostgreSQL Prisma client generated
// next to the SQLite one (lib/server/db/generated-pg, gitignored): used by scripts/test-postgres.mjs (`npm test`) and
// scripts/bench-workers.ts. As root, PostgreSQL's binaries run as the `postgres` user (it refuses to run as root).
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl), or null when PostgreSQL is not installed. */
export function findPostgresBinaries() {
  return (
    ["/usr/lib/postgresql"]
      .filter(existsSync)
      .flatMap((d) => readdirSync(d).map((v) => path.join(d, v, "bin")))
      .find((d) => existsSync(path.join(d, "initdb"))) ?? null
  );
}

/**
 * Starts a cluster in a new temp dir: `{ url, stop() }` (stop removes it). `log` gets initdb's and pg_ctl's output
 * ("inherit" by default). Throws when it cannot start.
 */
export function startPostgresCluster({ binDir = findPostgresBinaries(), stdio = "inherit" } = {}) {
  if (!binDir) throw new Error("PostgreSQL binaries not found (apt-get install postgresql)");
  const isRoot = process.getuid?.() === 0;
  const pgUser = isRoot ? spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }) : null;
  if (isRoot && pgUser?.status !== 0) throw new Error("running as root without a `postgres` user; cannot start PostgreSQL");
  const asPg = (cmd, args) => (isRoot ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio }) : spawnSync(cmd, args, { stdio }));

  const dir = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-pg-"));
  const dataDir = path.join(dir, "data");
  if (isRoot) {
    const uid = Number(pgUser.stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o755);
  let started = false;
  const stop = () => {
    if (started) asPg(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]);
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let r = asPg(path.join(binDir, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
    if (r.status !== 0) throw new Error("initdb failed");
    // Unix socket in the temp dir, no TCP: nothing else on the machine can reach it and no port can clash.
    r = asPg(path.join(binDir, "pg_ctl"), [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-k ${dir} -c listen_addresses='' -c fsync=off`,
      "start",
    ]);
    if (r.status !== 0) {
      console.error(existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8") : "");
      throw new Error("pg_ctl start failed");
    }
    started = true;
  } catch (e) {
    stop();
    throw e;
  }
  return { url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, stop };
}

/** The PostgreSQL client: the same schema with provider "postgresql", generated into lib/server/db/generated-pg. */
export function generatePostgresClient({ stdio = "inherit" } = {}) {
  const schemaFile = path.join(root, "prisma/schema.postgresql.prisma");
  const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/lib\/server\/db\/generated"/, 'output = "../lib/server/db/generated-pg"');
  if (!schema.includes('provider = "postgresql"') || !schema.includes("generated-pg")) throw new Error("could not derive the PostgreSQL schema");
  writeFileSync(schemaFile, schema);
  try {
    const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
    env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
    const r = spawnSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate", "--schema", schemaFile], {
      stdio,
      env,
      cwd: root,
    });
    if (r.status !== 0) throw new Error("prisma generate (postgresql) failed");
  } finally {
    rmSync(schemaFile, { force: true });
  }
}
