#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, with the react-server condition so server modules
// (`server-only`) load outside Next. tsx is resolved from this file, so any cwd works.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx")).href;
const main = path.join(here, "..", "cli", "main.ts");

// tsx reads the `@/` path alias from the tsconfig of the working directory unless told which one: ours.
const env = { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? path.join(here, "..", "tsconfig.json") };
const child = spawn(process.execPath, ["--conditions=react-server", "--import", tsx, main, ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
// Ctrl-C reaches the child through the terminal's process group; don't die before it does.
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("error", (e) => {
  console.error(`snippet-lab: cannot start node: ${e.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
