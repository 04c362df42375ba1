#!/usr/bin/env node
// `npm start`: prepare the database (migrations, demo seed, first admin), build when the sources changed since the
// last build (or there is none), then `next start`.
//   --prepare-only          stop after the database step
// Environment: docs/configuration.md (DATABASE_URL, HOST, PORT, SNIPPET_LAB_SKIP_BUILD, SNIPPET_LAB_SKIP_SEED,
// SNIPPET_LAB_ADMIN_EMAIL/_PASSWORD, …); the prepare step validates it and stops on a bad value.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { checkBuild, computeBuildFingerprint, writeBuildStamp } from "./build-fingerprint.mjs";

// Relative paths (DATABASE_URL, .next, migrations) are relative to the repo root, wherever npm start is run from.
process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const args = process.argv.slice(2);
// Plain Node (before TypeScript loads), so not lib/server/env.ts: the same flag rule, and the prepare step below has
// already validated every variable against that schema.
const truthy = (v) => ["1", "true", "yes", "on"].includes((v ?? "").trim().toLowerCase());

// Next.js's anonymous telemetry (and its notice in the build log) stays off for `npm start`'s build and server,
// as it does in `npm test`, unless the environment asks for it.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

mkdirSync("data", { recursive: true });

const prepare = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/prepare-db.ts"], { stdio: "inherit" });
if (prepare.status !== 0) {
  console.error("[start] database preparation failed; not starting the server");
  process.exit(prepare.status ?? 1);
}
if (args.includes("--prepare-only")) process.exit(0);

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
// A build of older sources (after a git pull or an edit) is rebuilt: compared by a hash of every build input.
const fingerprint = computeBuildFingerprint(".");
const build = checkBuild(".", fingerprint);
const changedList = (changed) =>
  changed.length === 0 ? "" : ` (${changed.slice(0, 5).join(", ")}${changed.length > 5 ? `, and ${changed.length - 5} more` : ""})`;
if (build.fresh) {
  console.log(`[start] the production build in .next matches the sources (${fingerprint.hash.slice(0, 12)})`);
  if (build.unstamped) writeBuildStamp(".", fingerprint);
} else if (truthy(process.env.SNIPPET_LAB_SKIP_BUILD)) {
  console.warn(
    `[start] ${build.reason}${changedList(build.changed)}, but SNIPPET_LAB_SKIP_BUILD is set: serving .next as it is` +
      (build.reason.startsWith("no production build") ? "; next start will fail" : ""),
  );
} else {
  console.log(`[start] ${build.reason}${changedList(build.changed)}: running next build`);
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The sources as they were when the build started: an edit during the build triggers the next rebuild.
  writeBuildStamp(".", fingerprint);
}

const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
// Own process group, so a signal reaches next start and every worker it forks (killing only the direct child
// could leave next-server holding the port).
const child = spawn(process.execPath, [nextBin, "start", "-H", host, "-p", port], { stdio: "inherit", detached: true });

const killGroup = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return killGroup("SIGKILL");
    stopping = true;
    killGroup(signal);
    // Give Next time to close connections, then make sure nothing is left.
    setTimeout(() => killGroup("SIGKILL"), 10_000).unref();
  });
}
child.on("exit", (code, signal) => {
  killGroup("SIGTERM"); // stray workers of the group
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 }[signal] ?? 0) : 1));
});
process.on("exit", () => killGroup("SIGTERM"));
