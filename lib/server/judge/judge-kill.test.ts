// A judge run killed mid-way (SIGKILL of the real `snippet-lab judge` process) and resumed loses nothing and repeats
// no answered request: pairs committed before the kill stay as they were, the rest are judged once, and every request
// the server answered before the kill (its reply is in the JudgeCall cache) is never sent again.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/tests/test-support/wait-for";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { hashMessages } from "./prompt-version";
import { startLocalJudgeServer, type LocalJudgeServer } from "./test-support/local-judge-server";

const root = path.resolve(import.meta.dirname, "../../..");
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

let temp: TempDatabase;
let db: PrismaClient;
let server: LocalJudgeServer;
const datasetPairs: string[] = [];

/** The CLI as bin/snippet-lab.mjs runs it, but as one process (the wrapper would survive its child's SIGKILL). */
function cli(args: string[]): { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> } {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", tsx, path.join(root, "cli/main.ts"), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: temp.url,
      SNIPPET_LAB_JUDGE_BASE_URL: server.url,
      SNIPPET_LAB_JUDGE_MODEL: "local-rules+slow",
      SNIPPET_LAB_JUDGE_CONCURRENCY: "2",
      SNIPPET_LAB_JUDGE_MAX_RETRIES: "0",
      SNIPPET_LAB_JUDGE_TIMEOUT_MS: "20000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c) => (output += String(c)));
  child.stderr!.on("data", (c) => (output += String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

beforeAll(async () => {
  temp = await createTempDatabase("judge-kill");
  db = createDbClient({ url: temp.url });
  // Every answer takes 250 ms: the run lasts long enough to be killed in the middle.
  server = await startLocalJudgeServer({ slowMs: 250 });
  for (let i = 0; i < 10; i++) {
    const p = await createPair({
      db,
      dataset: "kill",
      query: `how long to boil eggs, case ${i}`,
      documents: [
        { text: `Boil the eggs for ${i + 5} minutes. Peel them under cold water.\n\nSubscribe to our newsletter!` },
        { text: `Soft-boiled eggs take about ${i + 3} minutes. The weather in Rome was lovely all week long and we enjoyed it.` },
      ],
    });
    datasetPairs.push(p.id);
  }
});
afterAll(async () => {
  await server?.close();
  await db?.$disconnect();
  temp?.cleanup();
});

describe("a judge run killed mid-way", () => {
  it("resumes without losing a committed pair or repeating an answered request", async () => {
    const first = cli(["judge", "--dataset", "kill", "--quiet"]);
    // Kill it (SIGKILL: no cleanup, no last words) once a few pairs are committed and more are in flight.
    await waitFor(() => db.judgeRunPair.count({ where: { state: "done" } }), { until: (done) => done >= 3, timeoutMs: 90_000 }).catch(async () => {
      throw new Error(`no progress: ${(await first.exited.catch(() => null))?.output ?? ""}`);
    });
    first.child.kill("SIGKILL");
    const killed = await first.exited;
    expect(killed.signal).toBe("SIGKILL");

    const run = await db.judgeRun.findFirstOrThrow();
    const before = await db.judgeRunPair.findMany({ where: { runId: run.id }, orderBy: { position: "asc" } });
    const committed = before.filter((r) => r.state === "done");
    expect(committed.length).toBeGreaterThanOrEqual(3);
    expect(committed.length).toBeLessThan(10); // really mid-way
    const suggestionsBefore = await db.suggestion.findMany({ where: { pairId: { in: committed.map((r) => r.pairId) } }, orderBy: { id: "asc" } });
    const answered = new Set((await db.judgeCall.findMany({ select: { inputHash: true } })).map((c) => c.inputHash));
    const sentBeforeKill = server.requests.length;
    // The job is still "running" under the dead process.
    expect((await db.job.findFirstOrThrow({ where: { kind: "judge-run" } })).state).toBe("running");

    // Resume: the new process sees the job's worker is gone, takes it over and goes on.
    const second = cli(["judge", "--resume", run.id, "--quiet"]);
    const resumed = await second.exited;
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toMatch(/pairs {8}10 done, 0 failed, 0 left \(of 10\)/);

    // Nothing lost: every pair done once; the pairs committed before the kill kept their suggestions as they were.
    const after = await db.judgeRunPair.findMany({ where: { runId: run.id } });
    expect(after.every((r) => r.state === "done")).toBe(true);
    expect(await db.judgeJudgment.count()).toBe(10);
    const suggestionsAfter = await db.suggestion.findMany({ where: { pairId: { in: committed.map((r) => r.pairId) } }, orderBy: { id: "asc" } });
    expect(suggestionsAfter.map((s) => [s.id, s.start, s.end, s.category])).toEqual(suggestionsBefore.map((s) => [s.id, s.start, s.end, s.category]));
    for (const r of committed) expect(after.find((a) => a.id === r.id)).toMatchObject({ attempts: 1, finishedAt: r.finishedAt });

    // Nothing repeated: no request the server had answered before the kill (its reply cached) was sent again; only
    // the ones in flight at the kill (at most SNIPPET_LAB_JUDGE_CONCURRENCY) could be, and every request was
    // answered once in total apart from those.
    const resent = server.requests.slice(sentBeforeKill).filter((r) => !r.repair && answered.has(hashMessages(r.messages)));
    expect(resent).toEqual([]);
    const counts = new Map<string, number>();
    for (const r of server.requests.filter((x) => !x.repair)) {
      const h = hashMessages(r.messages);
      counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    const repeated = [...counts.values()].filter((n) => n > 1).length;
    expect(repeated).toBeLessThanOrEqual(2);
    // 10 stage-1 and 20 stage-2 requests in all.
    expect(counts.size).toBe(30);
  }, 180_000);
});
