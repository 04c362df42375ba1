// `snippet-lab judge` against a temp database and the local judge server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTempDatabase, type TempDatabase } from "../../lib/server/auth/test-helpers";
import { createDbClient } from "../../lib/server/db/client";
import { createPair } from "../../lib/server/db/create-pair";
import type { PrismaClient } from "../../lib/server/db/generated/client";
import { startLocalJudgeServer, type LocalJudgeServer } from "../../lib/server/judge/test-support/local-judge-server";
import { command } from "./judge";

let temp: TempDatabase;
let db: PrismaClient;
let server: LocalJudgeServer;
const pairIds: string[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  temp = await createTempDatabase("judge-cli");
  db = createDbClient({ url: temp.url });
  for (const [i, extra] of ["", "", " [[judge:malformed]]"].entries()) {
    const p = await createPair({
      db,
      dataset: "cli",
      query: "how long to boil eggs",
      documents: [{ text: `Boil the eggs for ${i + 8} minutes.${extra}` }],
    });
    pairIds.push(p.id);
  }
  server = await startLocalJudgeServer();
  process.env.DATABASE_URL = temp.url;
  process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
  process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
  process.env.SNIPPET_LAB_JUDGE_MAX_RETRIES = "0";
});
afterAll(async () => {
  process.env = saved;
  await server?.close();
  await db?.$disconnect();
  temp?.cleanup();
});

describe("snippet-lab judge", () => {
  it("judges a dataset as a job with --limit, then the rest with --skip-judged; a malformed pair fails alone (exit 1)", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await command.run(["--dataset", "cli", "--limit", "1"])).toBe(0);
      expect(await db.suggestion.count({ where: { pairId: pairIds[0]! } })).toBe(1);
      expect(await db.suggestion.count({ where: { pairId: pairIds[1]! } })).toBe(0);
      const first = log.mock.calls.flat().join("\n");
      expect(first).toMatch(/pairs {8}1 done, 0 failed, 0 left \(of 1\)/);
      expect(first).toMatch(/matching {5}exact 100\.0% · normalized 0\.0% · regex 0\.0% · fuzzy 0\.0% · unmatched 0\.0% \(1 quote\)/);
      expect(err.mock.calls.flat().join("\n")).toMatch(/\[#+\] 1\/1 pairs/);

      const before = server.requests.length;
      log.mockClear();
      expect(await command.run(["--dataset", "cli", "--skip-judged", "--json", `${temp.dir}/run.json`])).toBe(1);
      expect(server.requests.slice(before).some((r) => r.messages.some((m) => m.content.includes("for 8 minutes")))).toBe(false);
      expect(await db.suggestion.count({ where: { pairId: pairIds[1]! } })).toBe(1);
      expect(await db.suggestion.count({ where: { pairId: pairIds[2]! } })).toBe(0);
      const second = log.mock.calls.flat().join("\n");
      expect(second).toMatch(/failed pairs \(1\):\n {4}\S+: The judge \(local-rules\) returned unusable JSON/);
      const { readFile } = await import("node:fs/promises");
      const summary = JSON.parse(await readFile(`${temp.dir}/run.json`, "utf8"));
      expect(summary).toMatchObject({ pairs: { total: 2, done: 1, failed: 1 }, model: "local-rules", variant: "two-stage" });

      expect(await command.run(["--pair", pairIds[0]!, "--model", "local-rules+fuzzy", "--quiet"])).toBe(0);
      expect(await db.suggestion.count({ where: { pairId: pairIds[0]!, modelName: "local-rules+fuzzy" } })).toBe(1);
    } finally {
      log.mockRestore();
      err.mockRestore();
      delete process.env.SNIPPET_LAB_JUDGE_MODEL;
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
    }
  });

  it("refuses a missing target and a bad --limit; a dead server stops the run (exit 1, resumable)", async () => {
    await expect(command.run([])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(command.run(["--dataset", "cli", "--limit", "0"])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(command.run(["--dataset", "nope"])).rejects.toMatchObject({ code: "NOT_FOUND" });
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await command.run(["--dataset", "cli", "--base-url", "http://127.0.0.1:9/v1", "--quiet"])).toBe(1);
      expect(err.mock.calls.flat().join("\n")).toMatch(
        /The run stopped: Could not reach the judge server at http:\/\/127\.0\.0\.1:9\/v1.*Resume it with: snippet-lab judge --resume/s,
      );
    } finally {
      err.mockRestore();
      log.mockRestore();
      process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
    }
  });
});
