#!/usr/bin/env node
// Benchmark: pairs/s of scoring one dataset on PostgreSQL with 1 and 2 (or --workers LIST) real `snippet-lab worker`
// processes. Starts a throwaway PostgreSQL cluster and generates the PostgreSQL client (scripts/postgres-cluster.mjs),
// then runs scripts/bench-workers-run.ts with that client swapped in (scripts/use-postgres-client.mjs).
//   node scripts/bench-workers.mjs [--pairs 400] [--documents 2] [--chars 1500] [--workers 1,2] [--threads N]
// --threads: the model's threads per worker (default: the cores shared out over the largest fleet).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generatePostgresClient, startPostgresCluster } from "./postgres-cluster.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const cluster = startPostgresCluster({ stdio: "ignore" });
let code = 1;
try {
  generatePostgresClient({ stdio: "ignore" });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const hook = pathToFileURL(path.join(root, "scripts/use-postgres-client.mjs")).href;
  const r = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", tsx, "--import", hook, path.join(root, "scripts/bench-workers-run.ts"), ...process.argv.slice(2)],
    { stdio: "inherit", cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"), DATABASE_URL: cluster.url } },
  );
  code = r.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(code);
