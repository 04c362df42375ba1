#!/usr/bin/env node
// The authorization matrix: runs tests/authorization-matrix.test.ts (every operation of the API contract × every role
// and signed out × the objects it can be pointed at, against the real route handlers on a temp database) and prints
// the status each caller got, with the counts. Exits with the test's status: 0 only when every answer is the policy's.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-authz-"));
const file = path.join(dir, "matrix.txt");
try {
  const r = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", "tests/authorization-matrix.test.ts", "--reporter=dot", "--silent"], {
    stdio: "inherit",
    env: { ...process.env, SNIPPET_LAB_AUTHZ_MATRIX_FILE: file },
  });
  let table = "";
  try {
    table = readFileSync(file, "utf8");
  } catch {
    // No table: the run failed before any operation was checked.
  }
  if (table) console.log(`\n${table}`);
  if (r.status !== 0) console.error(`authorization matrix: FAILED (vitest exit ${r.status ?? r.signal})`);
  process.exit(r.status ?? 1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
