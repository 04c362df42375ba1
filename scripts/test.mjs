#!/usr/bin/env node
// `npm test`: formatting → lint → unit tests → alert rules → PostgreSQL tests → production build → browser/API tests.
// Stops at the first failing step and exits with its code; a step that could not run here says so (exit 77) and is
// listed as skipped at the end. Extra args go to playwright (e.g. `npm test -- e2e/api.spec.ts`).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

/** Exit status of a step that did not run (the automake convention): reported, not a failure. */
const SKIPPED = 77;

const steps = [
  { name: "format", cmd: ["prettier", "--check", "--log-level", "warn", "."] },
  { name: "lint", cmd: ["eslint", ".", "--max-warnings", "0"] },
  { name: "unit tests", cmd: ["vitest", "run"] },
  // Monitoring: the Prometheus alert rules (checked, linted and unit-tested) and the Grafana dashboard's queries, with
  // promtool. Without it exits 77 (skipped); CI sets SNIPPET_LAB_REQUIRE_PROMTOOL=1, which makes that a failure.
  { name: "alert rules", cmd: ["node", "scripts/check-ops.mjs"], skipped: "promtool is not installed (apt-get install prometheus)" },
  // PostgreSQL: a throwaway cluster, the PostgreSQL migrations and the data layer. Without PostgreSQL installed it
  // exits 77 (skipped); CI sets SNIPPET_LAB_REQUIRE_POSTGRES=1, which makes that a failure.
  { name: "postgresql tests", cmd: ["node", "scripts/test-postgres.mjs"], skipped: "PostgreSQL is not installed (apt-get install postgresql)" },
  { name: "next build", cmd: ["next", "build"] },
  { name: "e2e tests", cmd: ["playwright", "test", ...process.argv.slice(2)] },
];

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const skipped = [];
for (const [i, step] of steps.entries()) {
  const [tool, ...args] = step.cmd;
  console.log(`\n[test] ${i + 1}/${steps.length} ${step.name}: ${step.cmd.join(" ")}`);
  const t0 = Date.now();
  const bin = tool === "node" ? process.execPath : path.join("node_modules", ".bin", tool);
  const r = spawnSync(bin, args, { stdio: "inherit", env });
  if (r.error) console.error(`[test] could not run ${tool}: ${r.error.message}`);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status === SKIPPED && step.skipped) {
    skipped.push(`${step.name}: ${step.skipped}`);
    console.warn(`[test] ${step.name} SKIPPED: ${step.skipped}`);
    continue;
  }
  if (r.status !== 0) {
    const code = r.status ?? 1;
    console.error(`\n[test] ${step.name} failed (exit ${r.status ?? r.signal}) after ${secs}s`);
    process.exit(code);
  }
  console.log(`[test] ${step.name} passed in ${secs}s`);
}
if (skipped.length === 0) console.log("\n[test] all steps passed");
else {
  console.warn(`\n[test] ${steps.length - skipped.length} of ${steps.length} steps passed; SKIPPED:`);
  for (const s of skipped) console.warn(`[test]   - ${s}`);
}
