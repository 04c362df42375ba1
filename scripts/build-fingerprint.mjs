// Which production build matches the sources: `npm start` (scripts/start.mjs) rebuilds when they differ.
// A fingerprint is the sha256 of every file `next build` reads (app/, components/, lib/, public/, the root configs
// and the lock file; tests excluded), stored next to the build in .next/snippet-lab-build.json.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const STAMP_FILE = ".next/snippet-lab-build.json";

const DIRS = ["app", "components", "lib", "public"];
const ROOT_FILES = ["next.config.ts", "proxy.ts", "instrumentation.ts", "package.json", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const SKIP_DIRS = new Set(["node_modules", ".next", "generated-pg", "__snapshots__"]);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Repo-relative paths (forward slashes) of the build's inputs, sorted. */
export function listBuildInputs(root) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !isTest(entry.name) && entry.name !== ".DS_Store") {
        out.push(child);
      }
    }
  };
  for (const dir of DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  for (const file of ROOT_FILES) if (existsSync(path.join(root, file))) out.push(file);
  return out.sort();
}

/** {hash, files: {path: sha256}} of the build inputs under `root`. */
export function computeBuildFingerprint(root) {
  const files = {};
  const all = createHash("sha256");
  for (const rel of listBuildInputs(root)) {
    const digest = createHash("sha256")
      .update(readFileSync(path.join(root, rel)))
      .digest("hex");
    files[rel] = digest;
    all.update(`${rel}\0${digest}\n`);
  }
  return { hash: all.digest("hex"), files };
}

/** The fingerprint stored with the build, or null. */
export function readBuildStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8"));
    return typeof stamp?.hash === "string" && stamp.files && typeof stamp.files === "object" ? stamp : null;
  } catch {
    return null;
  }
}

export function writeBuildStamp(root, fingerprint) {
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ ...fingerprint, builtAt: new Date().toISOString() })}\n`);
}

/**
 * Whether `.next` holds a build of the current sources:
 *   {fresh: false, reason: "no production build"}                 no .next/BUILD_ID
 *   {fresh: true}                                                  the stored fingerprint matches
 *   {fresh: false, reason: "…", changed: [paths]}                  it does not (added, removed or edited inputs)
 *   no stamp (a plain `next build`): fresh unless an input is newer than .next/BUILD_ID
 */
export function checkBuild(root, fingerprint = computeBuildFingerprint(root)) {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!existsSync(buildId)) return { fresh: false, reason: "no production build found", changed: [] };
  const stamp = readBuildStamp(root);
  if (!stamp) {
    const builtAt = statSync(buildId).mtimeMs;
    const newer = Object.keys(fingerprint.files).filter((rel) => statSync(path.join(root, rel)).mtimeMs > builtAt);
    return newer.length === 0
      ? { fresh: true, unstamped: true }
      : { fresh: false, reason: `${newer.length} source file(s) changed after the last build`, changed: newer };
  }
  if (stamp.hash === fingerprint.hash) return { fresh: true };
  const changed = new Set();
  for (const [rel, digest] of Object.entries(fingerprint.files)) if (stamp.files[rel] !== digest) changed.add(rel);
  for (const rel of Object.keys(stamp.files)) if (!(rel in fingerprint.files)) changed.add(rel);
  return { fresh: false, reason: `${changed.size} source file(s) changed since the last build`, changed: [...changed].sort() };
}
