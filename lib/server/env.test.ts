import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { ENV_VARIABLES, getEnv, parseEnv } from "./env";
import { replaceEnvTable } from "./env-table";

const root = path.resolve(import.meta.dirname, "../..");

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("env schema", () => {
  it("gives every setting its default on an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      databaseUrl: "file:./data/snippet-lab.db",
      host: "127.0.0.1",
      port: 3000,
      skipBuild: false,
      skipSeed: false,
      apiKeys: [],
      allowedOrigins: [],
      trustProxy: true,
      fetchAllowPrivate: false,
      executionProvider: "cpu",
      maxBatch: 8,
      relevanceScope: "set",
      judge: null,
    });
    expect(env.modelsDir).toBe(path.join(process.cwd(), "models"));
    expect(env.defaultModel).toBeUndefined();
    expect(env.intraOpThreads).toBeUndefined();
    expect(env.downstreamEncoding).toBeUndefined();
  });

  it("parses lists, flags, numbers and enums; empty values count as unset", () => {
    const env = parseEnv({
      SNIPPET_LAB_API_KEYS: " a , b ,",
      SNIPPET_LAB_ALLOWED_ORIGINS: "https://Lab.example/, other.example:8443",
      SNIPPET_LAB_TRUST_PROXY: "0",
      SNIPPET_LAB_FETCH_ALLOW_PRIVATE: "true",
      SNIPPET_LAB_SKIP_SEED: "1",
      SNIPPET_LAB_MAX_BATCH: "16",
      SNIPPET_LAB_INTRA_OP_THREADS: "2",
      SNIPPET_LAB_EXECUTION_PROVIDER: "cuda",
      SNIPPET_LAB_RELEVANCE_SCOPE: "result",
      SNIPPET_LAB_DOWNSTREAM_ENCODING: "cl100k_base",
      DATABASE_URL: "postgresql://u@db/lab",
      PORT: "8080",
      SNIPPET_LAB_DEFAULT_MODEL: " ",
    });
    expect(env).toMatchObject({
      apiKeys: ["a", "b"],
      allowedOrigins: ["lab.example", "other.example:8443"],
      trustProxy: false,
      fetchAllowPrivate: true,
      skipSeed: true,
      maxBatch: 16,
      intraOpThreads: 2,
      executionProvider: "cuda",
      relevanceScope: "result",
      downstreamEncoding: "cl100k_base",
      databaseUrl: "postgresql://u@db/lab",
      port: 8080,
    });
    expect(env.defaultModel).toBeUndefined();
  });

  it("refuses bad values with one error naming every bad variable", () => {
    const e = errorOf(() =>
      parseEnv({
        SNIPPET_LAB_MAX_BATCH: "eight",
        SNIPPET_LAB_EXECUTION_PROVIDER: "gpu",
        SNIPPET_LAB_FETCH_ALLOW_PRIVATE: "maybe",
        DATABASE_URL: "mysql://x",
        SNIPPET_LAB_JUDGE_TIMEOUT_MS: "soon",
      }),
    );
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.message).toMatch(/^Invalid configuration: /);
    expect(e.message).toContain('SNIPPET_LAB_MAX_BATCH: must be an integer from 1 to 1024, got "eight"');
    expect(e.message).toContain('SNIPPET_LAB_EXECUTION_PROVIDER: must be "cpu" or "cuda"');
    expect(e.message).toContain("SNIPPET_LAB_FETCH_ALLOW_PRIVATE: must be 1 or 0");
    expect(e.message).toContain("DATABASE_URL: use file:");
    expect(e.message).toContain("SNIPPET_LAB_JUDGE_TIMEOUT_MS: must be an integer");
    expect(e.message).toContain("docs/configuration.md");
    expect(e.details).toMatchObject({ reason: "misconfigured" });
  });

  it("has the judge settings as a sub-schema: off, on with defaults, or an error when half set", () => {
    expect(parseEnv({}).judge).toBeNull();
    expect(parseEnv({ SNIPPET_LAB_JUDGE_BASE_URL: "http://127.0.0.1:8000/v1/", SNIPPET_LAB_JUDGE_MODEL: "m" }).judge).toEqual({
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "m",
      apiKey: "unused",
      timeoutMs: 120_000,
      jsonMode: "schema",
      chunkChars: 12_000,
      maxRetries: 4,
      backoffMs: 1_000,
      concurrency: 1,
      prices: {},
    });
    expect(
      parseEnv({
        SNIPPET_LAB_JUDGE_BASE_URL: "http://x/v1",
        SNIPPET_LAB_JUDGE_MODEL: "m",
        SNIPPET_LAB_JUDGE_PRICES: "gpt-4o-mini=0.15/0.6, m=1/2.5",
        SNIPPET_LAB_JUDGE_JSON_MODE: "object",
      }).judge,
    ).toMatchObject({
      jsonMode: "object",
      prices: { "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6 }, m: { inputPerMillion: 1, outputPerMillion: 2.5 } },
    });
    expect(
      errorOf(() => parseEnv({ SNIPPET_LAB_JUDGE_BASE_URL: "http://x/v1", SNIPPET_LAB_JUDGE_MODEL: "m", SNIPPET_LAB_JUDGE_PRICES: "m=cheap" }))
        .message,
    ).toContain('SNIPPET_LAB_JUDGE_PRICES: "m=cheap" is not model=input/output');
    expect(
      errorOf(() => parseEnv({ SNIPPET_LAB_JUDGE_BASE_URL: "http://x/v1", SNIPPET_LAB_JUDGE_MODEL: "m", SNIPPET_LAB_JUDGE_JSON_MODE: "yaml" }))
        .message,
    ).toContain('SNIPPET_LAB_JUDGE_JSON_MODE: must be schema, object or off, got "yaml"');
    expect(errorOf(() => parseEnv({ SNIPPET_LAB_JUDGE_MODEL: "m" })).message).toContain("SNIPPET_LAB_JUDGE_BASE_URL: is required");
  });

  it("getEnv parses process.env once and again only when a variable changed", () => {
    const prev = process.env.SNIPPET_LAB_MAX_BATCH;
    try {
      process.env.SNIPPET_LAB_MAX_BATCH = "3";
      const a = getEnv();
      expect(getEnv()).toBe(a);
      process.env.SNIPPET_LAB_MAX_BATCH = "4";
      expect(getEnv().maxBatch).toBe(4);
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_MAX_BATCH;
      else process.env.SNIPPET_LAB_MAX_BATCH = prev;
    }
  });

  it("docs/configuration.md carries the table generated from the schema (npm run docs:config)", () => {
    const doc = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    expect(replaceEnvTable(doc), "docs/configuration.md is out of date: run npm run docs:config").toBe(doc);
    for (const v of ENV_VARIABLES) expect(doc).toContain(`\`${v.name}\``);
  });
});

describe("environment readers", () => {
  // Every reader goes through getEnv(); these files are the documented exceptions (docs/configuration.md).
  // instrumentation.ts reads NEXT_RUNTIME;
  // the train command passes the environment, with glibc's malloc settings, on to its Python steps.
  const ALLOWED = new Set([
    "lib/server/env.ts",
    "proxy.ts",
    "instrumentation.ts",
    "prisma.config.ts",
    "playwright.config.ts",
    "cli/train/run-step.ts",
    // Harnesses that set or pass on a child's environment, not settings the app reads: the fuzzer's in-process
    // server (restored on close), pg_dump/pg_restore children (PATH, PG*), the crash test's killed child.
    "cli/fuzz-api/fuzz-server.ts",
    "lib/server/db/backup/postgres-tools.ts",
    "scripts/crash-test-run.ts",
  ]);
  const SKIP_DIRS = new Set(["node_modules", ".next", "generated", "generated-pg", "models", "data", "test-results", "e2e"]);
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(child);
    }
  };
  walk("");

  it("no TypeScript source outside lib/server/env.ts reads process.env (tests and the listed exceptions aside)", () => {
    expect(files.length).toBeGreaterThan(100);
    const readers = files.filter((f) => !ALLOWED.has(f) && /process\.env\b/.test(readFileSync(path.join(root, f), "utf8")));
    expect(readers).toEqual([]);
  });
});
