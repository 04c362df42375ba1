// The client package's generated sources (packages/client/src/generated) are what `npm run client:types` writes from
// the server's own contract: the OpenAPI document of the service routes (built from the zod schemas) and
// lib/schemas/api-version.ts. A schema change without a regeneration fails here, so the published types cannot drift.
// And the package compiles under its own build settings (NodeNext ESM, no Node types), which the repository's
// typecheck (bundler resolution) does not enforce.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderClientSources } from "../packages/client/scripts/generate-types";
import { API_VERSION } from "@/lib/schemas/api-version";
import { API_VERSION as CLIENT_API_VERSION } from "../packages/client/src/generated/api-version.js";

const root = path.resolve(import.meta.dirname, "..");

describe("packages/client generated sources", () => {
  it("are up to date (npm run client:types)", async () => {
    const files = await renderClientSources();
    expect(files.map((f) => f.file).sort()).toEqual(["packages/client/src/generated/api-version.ts", "packages/client/src/generated/openapi.ts"]);
    for (const { file, contents } of files) {
      expect(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run client:types`).toBe(contents);
    }
  });

  it("cover the compress and models routes, and name the server's API version", async () => {
    const types = readFileSync(path.join(root, "packages/client/src/generated/openapi.ts"), "utf8");
    expect(types).toContain('"/api/v1/compress"');
    expect(types).toContain('"/api/v1/models"');
    expect(types).not.toContain('"/api/v1/datasets"');
    expect(CLIENT_API_VERSION).toBe(API_VERSION);
  });

  it("compile with the package's own tsconfig (what npm pack builds)", () => {
    const tsc = path.join(root, "node_modules/typescript/bin/tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", "packages/client/tsconfig.json", "--noEmit"], { cwd: root, encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);
});
