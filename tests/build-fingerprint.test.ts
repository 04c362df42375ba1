// scripts/build-fingerprint.mjs: when `npm start` rebuilds.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { checkBuild, computeBuildFingerprint, listBuildInputs, writeBuildStamp } from "../scripts/build-fingerprint.mjs";

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "snippet-lab-fingerprint-"));
  write("app/page.tsx", "export default 1");
  write("lib/x.ts", "export const x = 1");
  write("lib/x.test.ts", "test");
  write("package-lock.json", "{}");
  write("node_modules/y/index.js", "");
  write("docs/readme.md", "docs");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("build fingerprint", () => {
  it("covers app, lib and the lock file but not tests, docs or node_modules", () => {
    expect(listBuildInputs(root)).toEqual(["app/page.tsx", "lib/x.ts", "package-lock.json"]);
  });

  it("asks for a build without .next, accepts a stamped build of the same sources, names the changed files", () => {
    expect(checkBuild(root)).toMatchObject({ fresh: false, reason: "no production build found" });
    write(".next/BUILD_ID", "abc");
    writeBuildStamp(root, computeBuildFingerprint(root));
    expect(checkBuild(root)).toEqual({ fresh: true });

    write("lib/x.test.ts", "a test changed: no rebuild");
    write("docs/readme.md", "nor for docs");
    expect(checkBuild(root).fresh).toBe(true);

    write("lib/x.ts", "export const x = 2");
    write("app/new/page.tsx", "export default 2");
    expect(checkBuild(root)).toMatchObject({ fresh: false, changed: ["app/new/page.tsx", "lib/x.ts"] });
    expect(checkBuild(root).reason).toMatch(/2 source file\(s\) changed since the last build/);
    // Back to the built content: fresh again (content, not modification times, decides).
    write("lib/x.ts", "export const x = 1");
    rmSync(path.join(root, "app/new"), { recursive: true });
    expect(checkBuild(root).fresh).toBe(true);
    write("package-lock.json", '{"lockfileVersion": 3}');
    expect(checkBuild(root).changed).toEqual(["package-lock.json"]);
  });

  it("a build without a stamp (plain next build) is stale when a source is newer than BUILD_ID", () => {
    write(".next/BUILD_ID", "abc");
    const past = new Date(Date.now() - 60_000);
    for (const rel of ["app/page.tsx", "lib/x.ts", "package-lock.json"]) utimesSync(path.join(root, rel), past, past);
    expect(checkBuild(root)).toMatchObject({ fresh: true, unstamped: true });
    write("lib/x.ts", "export const x = 3");
    expect(checkBuild(root)).toMatchObject({ fresh: false, changed: ["lib/x.ts"] });
  });
});
