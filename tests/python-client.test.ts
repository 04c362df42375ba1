// The dependency-free Python client (clients/python): its unit tests (the retry decision, Retry-After, the version
// check, errors, CSV rows) run with the machine's python3, and the API version it was written for is the server's.
// Against a running server it is e2e/python-client.spec.ts. Without python3 the run is skipped here, but not in CI.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_VERSION, API_VERSION_HEADER } from "@/lib/schemas/api-version";

const root = path.resolve(import.meta.dirname, "..");
const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe("Python client", () => {
  it("is written for the server's API version and reads its header", () => {
    const src = readFileSync(path.join(root, "clients/python/snippet_lab_client.py"), "utf8");
    expect(src).toMatch(new RegExp(`^API_VERSION = "${API_VERSION.replace(/\./g, "\\.")}"$`, "m"));
    expect(src).toMatch(new RegExp(`^API_VERSION_HEADER = "${API_VERSION_HEADER}"$`, "m"));
  });

  it.skipIf(!hasPython && !process.env.CI)("passes its unit tests (python3 -m unittest)", () => {
    const r = spawnSync("python3", ["-m", "unittest", "discover", "-s", "clients/python/tests"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      timeout: 120_000,
    });
    expect(r.error).toBeUndefined();
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    // unittest reports on stderr: "Ran N tests … OK".
    expect(r.stderr).toMatch(/Ran [1-9]\d* tests/);
    expect(r.stderr).toMatch(/\nOK\b/);
  });
});
