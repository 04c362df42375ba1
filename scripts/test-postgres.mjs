#!/usr/bin/env node
// `npm test` step: the same schema on PostgreSQL. Starts a throwaway Debian PostgreSQL cluster (unix socket only, in a
// temp dir), generates a PostgreSQL Prisma client next to the SQLite one (lib/server/db/generated-pg, gitignored) and
// runs lib/server/db/postgres.test.ts against it: our migrator applies prisma/migrations-postgresql and the real
// data-access functions round-trip a pair, spans, a conflict and gold.
// Without PostgreSQL installed it runs nothing and exits 77 ("skipped", which `npm test` lists at the end), or fails
// when SNIPPET_LAB_REQUIRE_POSTGRES=1 (CI).
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const binDir = ["/usr/lib/postgresql"]
  .filter(existsSync)
  .flatMap((d) => readdirSync(d).map((v) => path.join(d, v, "bin")))
  .find((d) => existsSync(path.join(d, "initdb")));
if (!binDir) {
  const msg = "[postgres] PostgreSQL binaries not found (apt-get install postgresql)";
  if (process.env.SNIPPET_LAB_REQUIRE_POSTGRES === "1") {
    console.error(`${msg}; SNIPPET_LAB_REQUIRE_POSTGRES=1, failing.`);
    process.exit(1);
  }
  console.warn(`\n${"!".repeat(100)}\n${msg}: the PostgreSQL tests are SKIPPED (nothing was tested).\n${"!".repeat(100)}\n`);
  process.exit(77);
}

// PostgreSQL refuses to run as root: run its binaries as the `postgres` user then.
const isRoot = process.getuid?.() === 0;
const pgUser = isRoot ? spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }) : null;
if (isRoot && pgUser?.status !== 0) {
  console.error("[postgres] running as root without a `postgres` user; cannot start PostgreSQL");
  process.exit(1);
}
const asPg = (cmd, args) =>
  isRoot ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "inherit" }) : spawnSync(cmd, args, { stdio: "inherit" });

const dir = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-pg-"));
const dataDir = path.join(dir, "data");
if (isRoot) {
  const uid = Number(pgUser.stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  chownSync(dir, uid, gid);
}
chmodSync(dir, 0o755);

let started = false;
let code = 1;
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

  // The PostgreSQL client: the same schema with provider "postgresql", generated into its own folder.
  const schema = readFileSync("prisma/schema.prisma", "utf8")
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/lib\/server\/db\/generated"/, 'output = "../lib/server/db/generated-pg"');
  if (!schema.includes('provider = "postgresql"') || !schema.includes("generated-pg")) throw new Error("could not derive the PostgreSQL schema");
  writeFileSync("prisma/schema.postgresql.prisma", schema);
  const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
  env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
  r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate", "--schema", "prisma/schema.postgresql.prisma"], {
    stdio: "inherit",
    env,
  });
  if (r.status !== 0) throw new Error("prisma generate (postgresql) failed");

  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
  r = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", "lib/server/db/postgres.test.ts"], {
    stdio: "inherit",
    env: { ...env, SNIPPET_LAB_TEST_POSTGRES_URL: url },
  });
  code = r.status ?? 1;
} catch (e) {
  console.error(`[postgres] ${e.message}`);
  code = 1;
} finally {
  if (started) asPg(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]);
  rmSync(dir, { recursive: true, force: true });
  rmSync("prisma/schema.postgresql.prisma", { force: true });
}
process.exit(code);
