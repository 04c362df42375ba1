// Judge runs as jobs on SQLite, against the rule-based local judge over real HTTP on 127.0.0.1: pairs committed one
// at a time, a rerun answered from the cache, tokens and cost, failures with reasons, retries that honour Retry-After,
// and the share of quotes matched at each step on a fixture with the server's realistic fault mix.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatMatchRates, matchRates } from "@/lib/judge/match-stats";
import type { JobOut } from "@/lib/schemas/jobs";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { waitFor, waitForJob } from "@/tests/test-support/wait-for";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import type { JudgeConfig } from "../env";
import { readJob, startJob } from "../jobs/jobs-api";
import { stopJobRunner } from "../jobs/job-runner";
import { createLlmClient, newLlmUsage } from "../llm/create-llm-client";
import { cancelJudgeRun, readJudgeRun, resumeJudgeRun } from "./judge-runs-api";
import { startLocalJudgeServer, type LocalJudgeServer } from "./test-support/local-judge-server";

let temp: TempDatabase;
let db: PrismaClient;
let server: LocalJudgeServer;
const ENV_KEYS = [
  "SNIPPET_LAB_JUDGE_BASE_URL",
  "SNIPPET_LAB_JUDGE_MODEL",
  "SNIPPET_LAB_JUDGE_MAX_RETRIES",
  "SNIPPET_LAB_JUDGE_BACKOFF_MS",
  "SNIPPET_LAB_JUDGE_TIMEOUT_MS",
  "SNIPPET_LAB_JUDGE_PRICES",
  "SNIPPET_LAB_JUDGE_CONCURRENCY",
] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

const PAGES = [
  "Home | Recipes | Eggs\n\nBy Jane Doe, 2024-05-01\n\nBoil the eggs for nine minutes in plenty of water. Peel them under cold running water, starting at the wide end.\n\nSubscribe to our newsletter!\n\nThe weather in Rome was lovely all week long and we enjoyed it a lot.",
  "Soft-boiled eggs take about six minutes, while hard-boiled eggs need closer to ten minutes on a rolling boil. Older eggs are easier to peel than very fresh ones, because the membrane loosens with time.",
  "Cookie settings\n\nThe museum opens at 10 am on Sundays, and tickets cost 12 euros for adults. The museum is not open on Mondays, except on public holidays.\n\nOur shop sells postcards, books and prints of the collection.",
];

async function seedDataset(name: string, n: number, extra: (i: number) => string = () => "") {
  const ids: string[] = [];
  let datasetId = "";
  for (let i = 0; i < n; i++) {
    const p = await createPair({
      db,
      dataset: name,
      query: i % 2 === 0 ? `how long to boil eggs and how to peel them ${i}` : `when does the museum open on sundays ${i}`,
      documents: PAGES.map((text, d) => ({ text: `${text}${d === 0 ? extra(i) : ""}` })),
    });
    ids.push(p.id);
    datasetId = p.datasetId;
  }
  return { datasetId, pairIds: ids };
}

const finished = (id: string): Promise<JobOut> => waitForJob(() => readJob({ id, db }), { timeoutMs: 90_000 });

async function runToEnd(payload: Record<string, unknown>): Promise<{ summary: JudgeRunSummary; jobs: JobOut[] }> {
  const { jobs } = await startJob({ kind: "judge-run", payload, db });
  const done = [];
  for (const j of jobs) done.push(await finished(j.id));
  const runId = (jobs[0]!.payload as { runId: string }).runId;
  return { summary: await readJudgeRun({ id: runId, db }), jobs: done };
}

beforeAll(async () => {
  temp = await createTempDatabase("judge-run");
  db = createDbClient({ url: temp.url });
  server = await startLocalJudgeServer({ slowMs: 2_000, retryAfterS: 1 });
});
beforeEach(() => {
  process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
  process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
  process.env.SNIPPET_LAB_JUDGE_MAX_RETRIES = "1";
  process.env.SNIPPET_LAB_JUDGE_BACKOFF_MS = "20";
  process.env.SNIPPET_LAB_JUDGE_TIMEOUT_MS = "10000";
  process.env.SNIPPET_LAB_JUDGE_PRICES = "local-rules=0.5/1.5,local-rules+mixed=1/2";
  process.env.SNIPPET_LAB_JUDGE_CONCURRENCY = "2";
});
afterAll(async () => {
  await stopJobRunner({ db });
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await server?.close();
  await db?.$disconnect();
  temp?.cleanup();
});

describe("judge runs", () => {
  it("commits every pair with its tokens, cost and match counts, and a rerun of unchanged pairs costs nothing", async () => {
    const { datasetId, pairIds } = await seedDataset("run-basic", 4);
    const before = server.requests.length;
    const { summary, jobs } = await runToEnd({ datasetId });
    expect(jobs.map((j) => [j.state, j.done, j.failed])).toEqual([["done", 4, 0]]);
    expect(summary.pairs).toEqual({ total: 4, pending: 0, running: 0, done: 4, failed: 0 });
    // Stage 1 once per pair (four distinct queries), stage 2 once per document.
    const sent = server.requests.slice(before);
    expect(sent.filter((r) => r.kind === "intents")).toHaveLength(4);
    expect(sent.filter((r) => r.kind === "spans")).toHaveLength(12);
    expect(summary.requests).toEqual({ sent: 16, cached: 0 });
    expect(summary.tokens.prompt).toBeGreaterThan(1000);
    expect(summary.tokens.completion).toBeGreaterThan(100);
    expect(summary.costUsd).toBeCloseTo((summary.tokens.prompt * 0.5 + summary.tokens.completion * 1.5) / 1e6, 9);
    expect(summary.price).toEqual({ inputPerMillion: 0.5, outputPerMillion: 1.5 });
    expect(summary.matches.exact).toBeGreaterThan(10);
    expect(summary.matchShare.exact).toBe(1);
    expect(summary.promptVersion).toMatch(/^v2-[0-9a-f]{12}$/);
    expect(summary.suggestions).toBe(await db.suggestion.count({ where: { pairId: { in: pairIds }, source: "judge" } }));
    expect(await db.judgeJudgment.count({ where: { pairId: { in: pairIds } } })).toBe(4);

    // The same run again: every request is answered from the cache; nothing is sent, nothing is paid.
    const again = server.requests.length;
    const rerun = await runToEnd({ datasetId });
    expect(server.requests.length).toBe(again);
    expect(rerun.summary.requests).toEqual({ sent: 0, cached: 12 }); // stage 1 is skipped: the queries have intents
    expect(rerun.summary.tokens.total).toBe(0);
    expect(rerun.summary.costUsd).toBe(0);
    expect(rerun.summary.suggestions).toBe(summary.suggestions);

    // skipJudged leaves out what this configuration judged; the one-stage variant is a configuration of its own.
    await expect(startJob({ kind: "judge-run", payload: { datasetId, skipJudged: true }, db })).rejects.toMatchObject({ code: "UNPROCESSABLE" });
    const oneStage = await runToEnd({ datasetId, variant: "one-stage", limit: 2 });
    expect(oneStage.summary).toMatchObject({ variant: "one-stage", pairs: { total: 2, done: 2 } });
    expect(server.requests.slice(again).map((r) => r.kind)).toEqual(Array(6).fill("spans-one-stage"));
    expect(await db.suggestion.count({ where: { pairId: pairIds[0], modelName: "local-rules · one-stage" } })).toBeGreaterThan(0);
  }, 120_000);

  it("records failed pairs with their reasons and goes on; a resume with retryFailed judges them again", async () => {
    process.env.SNIPPET_LAB_JUDGE_TIMEOUT_MS = "400";
    const markers = ["", "\n\n[[judge:malformed]]", "\n\n[[judge:error]]", "\n\n[[judge:slow]]", ""];
    const { datasetId } = await seedDataset("run-failures", 5, (i) => markers[i]!);
    const { summary, jobs } = await runToEnd({ datasetId });
    expect(jobs[0]).toMatchObject({ state: "done", done: 5, failed: 3 });
    expect(summary.pairs).toMatchObject({ done: 2, failed: 3 });
    const reasons = summary.failures.map((f) => f.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/returned unusable JSON for document .*also after a repair request: the JSON object is not closed/),
      expect.stringMatching(/answered HTTP 500: local judge: simulated server error.* \(after 1 retry\)/),
      expect.stringMatching(/did not answer within 400 ms .*\(after 1 retry\)/),
    ]);
    expect(jobs[0]!.failures.map((f) => f.message)).toEqual(reasons);
    // A failed pair keeps what its requests cost (the retries count as requests sent).
    const errorRow = await db.judgeRunPair.findFirstOrThrow({ where: { runId: summary.id, reason: { contains: "HTTP 500" } } });
    expect(errorRow.requests).toBeGreaterThanOrEqual(2);

    // The faults go away (a faster timeout no longer applies): resume with retryFailed; the error and slow pairs'
    // other documents come from the cache.
    process.env.SNIPPET_LAB_JUDGE_TIMEOUT_MS = "10000";
    await resumeJudgeRun({ id: summary.id, retryFailed: true, db });
    const [latest] = (
      await db.job.findMany({ where: { scope: { startsWith: `judge-run:${summary.id}:` } }, orderBy: { createdAt: "desc" }, take: 1 })
    ).map((j) => j.id);
    await finished(latest!);
    const after = await readJudgeRun({ id: summary.id, db });
    // The markers are in the documents, so malformed and error stay failed; slow now answers within the timeout.
    expect(after.pairs).toMatchObject({ done: 3, failed: 2, pending: 0 });
    expect(after.requests.cached).toBeGreaterThan(0);
  }, 120_000);

  it("cancels a whole run (every worker's job) and resumes it to the end", async () => {
    // Every document waits slowMs (2 s) at the server, so the run is still going when it is cancelled.
    const { datasetId } = await seedDataset("run-cancel", 6, () => "\n\n[[judge:slow]]");
    const { jobs } = await startJob({ kind: "judge-run", payload: { datasetId, workers: 2 }, db });
    const runId = (jobs[0]!.payload as { runId: string }).runId;
    // Until a pair is committed (at most 20 s: the cancel is tested either way).
    await waitFor(() => readJudgeRun({ id: runId, db }), { until: (run) => run.pairs.done > 0, timeoutMs: 20_000 }).catch(() => undefined);
    const cancelled = await cancelJudgeRun({ id: runId, db });
    expect(cancelled.jobs).toHaveLength(2);
    for (const j of jobs) expect((await finished(j.id)).state).toBe("cancelled");
    const stopped = await readJudgeRun({ id: runId, db });
    expect(stopped.pairs.pending).toBeGreaterThan(0);
    expect(stopped.pairs.running).toBe(0);
    await expect(cancelJudgeRun({ id: runId, db })).rejects.toMatchObject({ code: "CONFLICT" });

    await resumeJudgeRun({ id: runId, db });
    for (const j of jobs) await finished(j.id);
    expect((await readJudgeRun({ id: runId, db })).pairs).toMatchObject({ total: 6, done: 6, failed: 0, pending: 0 });
  }, 120_000);

  it("retries honour Retry-After (429), back off with jitter on 500s, and give up after the retries", async () => {
    const config: JudgeConfig = {
      baseUrl: server.url,
      model: "local-rules+rate-limit",
      apiKey: "unused",
      timeoutMs: 5_000,
      jsonMode: "schema",
      chunkChars: 12_000,
      maxRetries: 2,
      backoffMs: 200,
      concurrency: 1,
      prices: {},
    };
    const retries: { attempt: number; delayMs: number; retryAfterMs: number | null; reason: string }[] = [];
    const client = createLlmClient(config, { onRetry: (e) => retries.push(e) });
    const usage = newLlmUsage();
    const before = server.requests.length;
    const messages = [{ role: "user" as const, content: "<query>\nhow long to boil eggs (rate limit)\n</query>" }];
    await client.complete(messages, { usage });
    const sent = server.requests.slice(before);
    expect(sent.map((r) => [r.status, r.attempt])).toEqual([
      [429, 1],
      [200, 2],
    ]);
    // The server said Retry-After: 1; the second attempt came no sooner (and not much later).
    expect(retries).toEqual([{ attempt: 1, delayMs: 1000, retryAfterMs: 1000, reason: "HTTP 429" }]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(990);
    expect(sent[1]!.at - sent[0]!.at).toBeLessThan(2500);
    expect(usage).toMatchObject({ requests: 2, retries: 1 });

    // 500 once: the retry waits a jittered 100–200 ms (half to all of backoffMs) and succeeds.
    retries.length = 0;
    const flaky = createLlmClient({ ...config, model: "local-rules+error-once" }, { onRetry: (e) => retries.push(e) });
    const b2 = server.requests.length;
    await flaky.complete(messages);
    expect(server.requests.slice(b2).map((r) => r.status)).toEqual([500, 200]);
    expect(retries[0]).toMatchObject({ reason: "HTTP 500", retryAfterMs: null });
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(100);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(200);

    // Always 500: 1 + maxRetries attempts with growing delays, then UNAVAILABLE naming the retries.
    retries.length = 0;
    const broken = createLlmClient({ ...config, model: "local-rules+error" }, { onRetry: (e) => retries.push(e) });
    const err = await broken.complete(messages).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE", details: { reason: "http", status: 500, retries: 2 } });
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(retries[1]!.delayMs).toBeGreaterThanOrEqual(200); // the second retry's window is 200–400 ms

    // Slower than the timeout once: the retry is answered.
    const slow = createLlmClient({ ...config, model: "local-rules+slow-once", timeoutMs: 300, backoffMs: 10 });
    const b3 = server.requests.length;
    await expect(slow.complete(messages)).resolves.toContain("intents");
    expect(server.requests.slice(b3).map((r) => r.attempt)).toEqual([1, 2]);
  }, 60_000);

  it("reports the share of quotes matched at each step (exact / normalized / regex / fuzzy / unmatched) on a fixture", async () => {
    process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+mixed";
    // A fixture of realistic pages: many sentences, so the server's per-quote fault mix (≈88% verbatim) shows.
    const sentences = [
      "The museum opens at 10 am on Sundays and closes at 6 pm.",
      "Tickets cost 12 euros for adults and 6 euros for children under twelve.",
      "Guided tours of the museum start every hour from the main hall.",
      "The museum is not open on Mondays, except on public holidays.",
      "Photography without flash is allowed in most rooms of the museum.",
      "The café on the ground floor serves coffee, cakes and light lunches.",
      "Boil the eggs for nine minutes, then cool them in cold water.",
      "Peel the eggs under running water, starting at the wide end.",
      "Very fresh eggs are harder to peel than eggs a week old.",
      "Add a pinch of salt to the water so cracked eggs do not leak.",
    ];
    const pages = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 10 }, (_, k) => sentences[(i * 3 + k) % sentences.length]!.replace(/\.$/, ` (note ${i}-${k}).`)).join(" "),
    );
    let datasetId = "";
    for (let i = 0; i < 6; i++) {
      const p = await createPair({
        db,
        dataset: "run-mixed",
        query: i % 2 ? "museum opening hours tickets tours" : "boil peel eggs water",
        documents: pages.slice(i * 2, i * 2 + 2).map((text) => ({ text })),
      });
      datasetId = p.datasetId;
    }
    const { summary } = await runToEnd({ datasetId });
    const rates = matchRates(summary.matches);
    console.log(`[judge] matching rates on the mixed-fault fixture: ${formatMatchRates(summary.matches)}`);
    expect(rates.quotes).toBeGreaterThan(80);
    for (const step of ["exact", "normalized", "regex", "fuzzy", "unmatched"] as const) expect(summary.matches[step], step).toBeGreaterThan(0);
    expect(rates.share.exact).toBeGreaterThan(0.7);
    expect(rates.cumulative.fuzzy).toBeGreaterThan(0.9);
    expect(rates.cumulative.fuzzy! + rates.share.unmatched!).toBeCloseTo(1, 3);
    // Unmatched quotes are kept with their reason.
    expect(summary.unmatched.length).toBe(Math.min(100, summary.matches.unmatched));
    expect(summary.unmatched[0]!.reason).toMatch(/not found in the document .*fuzzy/);
  }, 120_000);
});
