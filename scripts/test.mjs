#!/usr/bin/env node
// `npm test`: unit tests → PostgreSQL tests → production build → browser/API tests. Stops at the first failing step
// and exits with its code. Extra args go to playwright (e.g. `npm test -- e2e/api.spec.ts`).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const steps = [
  { name: "unit tests", cmd: ["vitest", "run"] },
  // PostgreSQL: a throwaway cluster, the PostgreSQL migrations and the data layer (skips without PostgreSQL installed).
  { name: "postgresql tests", cmd: ["node", "scripts/test-postgres.mjs"] },
  { name: "next build", cmd: ["next", "build"] },
  { name: "e2e tests", cmd: ["playwright", "test", ...process.argv.slice(2)] },
];

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
for (const [i, step] of steps.entries()) {
  const [tool, ...args] = step.cmd;
  console.log(`\n[test] ${i + 1}/${steps.length} ${step.name}: ${step.cmd.join(" ")}`);
  const t0 = Date.now();
  const bin = tool === "node" ? process.execPath : path.join("node_modules", ".bin", tool);
  const r = spawnSync(bin, args, { stdio: "inherit", env });
  if (r.error) console.error(`[test] could not run ${tool}: ${r.error.message}`);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    const code = r.status ?? 1;
    console.error(`\n[test] ${step.name} failed (exit ${r.status ?? r.signal}) after ${secs}s`);
    process.exit(code);
  }
  console.log(`[test] ${step.name} passed in ${secs}s`);
}
console.log("\n[test] all steps passed");
