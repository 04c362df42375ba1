// The process half of scripts/crash-test.mjs: run with `node --conditions=react-server --import tsx` (and, on
// PostgreSQL, --import scripts/use-postgres-client.mjs) on DATABASE_URL, through the app's own data layer.
//   setup --state FILE      migrate and fill the database the operations work on; writes FILE (ids, import files)
//   trial --state FILE [--expect FILE] [--op NAME --from N]
//                           one life of a server: first what a restarted server does (migrations, the job runner
//                           resuming interrupted jobs), and with --expect the checks of the kill before (the database's
//                           own integrity check, the all-or-nothing checks: RESULT {ok, problems, observed, …}); then
//                           one operation (import | gold | delete | user | sweep), reporting READY (set up), GO (it
//                           starts), BEGIN i / END i (one write sent / committed), IDLE (done), until the parent kills
//                           the process with SIGKILL at a random moment. Without --op it exits after the checks.
// Lines on stdout are written synchronously (a pipe on Linux), so a line printed before the kill reaches the parent.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { stopJobRunner } from "@/lib/server/jobs/job-runner";
import { type CrashState, setup } from "./crash-test/fixture";
import { runOp } from "./crash-test/operations";
import { type CrashExpect, restartAndCheck } from "./crash-test/restart";

export type { CrashState } from "./crash-test/fixture";
export type { CrashExpect } from "./crash-test/restart";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { state: { type: "string" }, expect: { type: "string" }, op: { type: "string" }, from: { type: "string", default: "0" } },
});
const [mode] = positionals;
const opName = values.op;
const statePath = values.state!;

try {
  // The fixture's sizes come from the parent's environment (this file is env.test.ts's listed exception).
  if (mode === "setup")
    await setup({
      statePath,
      importPairs: Number(process.env.CRASH_IMPORT_PAIRS ?? 10_000),
      deletePairs: Number(process.env.CRASH_DELETE_PAIRS ?? 2_000),
      sweepPairs: Number(process.env.CRASH_SWEEP_PAIRS ?? 30),
    });
  else if (mode === "trial") {
    const state = JSON.parse(readFileSync(statePath, "utf8")) as CrashState;
    await restartAndCheck(state, values.expect ? (JSON.parse(readFileSync(values.expect, "utf8")) as CrashExpect) : null);
    if (opName) await runOp({ state, opName, from: values.from });
    await stopJobRunner();
  } else throw new Error("usage: crash-test-run.ts setup|trial --state FILE [--expect FILE] [--op NAME --from N]");
  process.exit(0);
} catch (e) {
  console.error(e);
  process.exit(1);
}
