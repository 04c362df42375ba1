import { spawnSync } from "node:child_process";
import path from "node:path";

/** Runs one step of `train` (python, a script), printing it first; a non-zero exit stops the run. */
export function runStep(cmd: string, args: string[]): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  // glibc's per-thread malloc arenas fragment under batches of varying shapes: memory grew by gigabytes per hour.
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args[0] ?? ""} ${args[1] ?? ""} failed with exit code ${r.status}`);
}
