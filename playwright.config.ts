import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_ADMIN, E2E_API_KEY, E2E_JUDGE_MODEL, E2E_JUDGE_PORT, E2E_PORT as PORT } from "./e2e/constants";

const baseURL = `http://127.0.0.1:${PORT}`;

// One temp dir per run for the database and data files. The config is also loaded in workers, which
// inherit the env var, so they reuse the runner's dir instead of creating their own.
const dataDir = (process.env.SNIPPET_LAB_E2E_DIR ||= mkdtempSync(path.join(os.tmpdir(), "snippet-lab-e2e-")));

// Debian's chromium when present (no browser download), else Playwright's own.
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A stray test.only would quietly run one test and pass: refused in CI.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    extraHTTPHeaders: { Authorization: `Bearer ${E2E_API_KEY}` },
    trace: "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      // The deterministic rule-based judge (docs/judge.md), so "Run LLM judge" works without a model.
      command: `node scripts/local-judge-server.mjs --port ${E2E_JUDGE_PORT}`,
      url: `http://127.0.0.1:${E2E_JUDGE_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      // scripts/start.mjs migrates + seeds the temp database, then `next start` on the existing build.
      command: "node scripts/start.mjs",
      url: `${baseURL}/api-docs`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        HOST: "127.0.0.1",
        PORT: String(PORT),
        DATABASE_URL: `file:${path.join(dataDir, "e2e.db")}`,
        SNIPPET_LAB_DATA_DIR: dataDir,
        SNIPPET_LAB_SKIP_BUILD: "1",
        SNIPPET_LAB_API_KEYS: E2E_API_KEY,
        SNIPPET_LAB_ADMIN_EMAIL: E2E_ADMIN.email,
        SNIPPET_LAB_ADMIN_PASSWORD: E2E_ADMIN.password,
        NEXT_TELEMETRY_DISABLED: "1",
        SNIPPET_LAB_JUDGE_BASE_URL: `http://127.0.0.1:${E2E_JUDGE_PORT}/v1`,
        SNIPPET_LAB_JUDGE_MODEL: E2E_JUDGE_MODEL,
      },
    },
  ],
});
