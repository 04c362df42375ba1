// The database-backed metrics on a real migrated SQLite database: queued and running jobs per kind with the longest
// wait and the stalest heartbeat, the judge's tokens and cost at the configured prices, and a database that cannot be
// read reported as snippet_lab_store_up 0 without failing the scrape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Registry } from "prom-client";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { claimJob } from "../db/jobs/claim-job";
import { createJob } from "../db/jobs/create-job";
import { saveJudgeCall } from "../db/judge/save-judge-call";
import { readStoreMetrics, registerStoreMetrics, type StoreMetrics } from "./store-metrics";

let temp: TempDatabase;
let db: PrismaClient;

beforeAll(async () => {
  temp = await createTempDatabase("store-metrics");
  db = createDbClient({ url: temp.url });
});

afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

/** The value of one sample of the exposition text (labels in prom-client's order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function render(load: () => Promise<StoreMetrics | null>): Promise<string> {
  const registry = new Registry();
  registerStoreMetrics({ registry, load });
  return registry.metrics();
}

describe("store metrics", () => {
  it("reports the job queue's depth, the longest wait and the stalest heartbeat per kind", async () => {
    const t0 = new Date("2027-01-01T00:00:00Z");
    const a = await createJob({ kind: "score-pairs", scope: null, payload: {}, db });
    const b = await createJob({ kind: "score-pairs", scope: null, payload: {}, db });
    await createJob({ kind: "frontier-sweep", scope: null, payload: {}, db });
    // a waited since t0 - 600 s, b since t0 - 60 s; the sweep is claimed, its last heartbeat 90 s before t0.
    await db.job.update({ where: { id: a.job.id }, data: { updatedAt: new Date(t0.getTime() - 600_000) } });
    await db.job.update({ where: { id: b.job.id }, data: { updatedAt: new Date(t0.getTime() - 60_000) } });
    const claimed = await claimJob({ workerId: "w1", kinds: ["frontier-sweep"], db });
    expect(claimed).not.toBeNull();
    await db.job.update({ where: { id: claimed!.id }, data: { heartbeatAt: new Date(t0.getTime() - 90_000) } });

    const text = await render(() => readStoreMetrics({ db, prices: {}, now: () => t0 }));
    expect(sample(text, "snippet_lab_store_up")).toBe(1);
    expect(sample(text, 'snippet_lab_jobs{kind="score-pairs",state="queued"}')).toBe(2);
    expect(sample(text, 'snippet_lab_jobs{kind="frontier-sweep",state="running"}')).toBe(1);
    expect(sample(text, 'snippet_lab_jobs{kind="frontier-sweep",state="queued"}')).toBe(0);
    // Kinds with no job are reported as 0, so dashboards and alerts see a series.
    expect(sample(text, 'snippet_lab_jobs{kind="judge-run",state="running"}')).toBe(0);
    expect(sample(text, 'snippet_lab_job_queued_age_seconds{kind="score-pairs"}')).toBe(600);
    expect(sample(text, 'snippet_lab_job_queued_age_seconds{kind="frontier-sweep"}')).toBe(0);
    expect(sample(text, 'snippet_lab_job_heartbeat_age_seconds{kind="frontier-sweep"}')).toBe(90);
    expect(sample(text, 'snippet_lab_job_heartbeat_age_seconds{kind="score-pairs"}')).toBe(0);
    // Finished jobs leave the queue.
    await db.job.updateMany({ where: { kind: "score-pairs" }, data: { state: "done" } });
    const after = await render(() => readStoreMetrics({ db, prices: {}, now: () => t0 }));
    expect(sample(after, 'snippet_lab_jobs{kind="score-pairs",state="queued"}')).toBe(0);
    expect(sample(after, 'snippet_lab_job_queued_age_seconds{kind="score-pairs"}')).toBe(0);
  });

  it("totals the judge's tokens and requests per model and kind, and its cost at the configured prices", async () => {
    const call = (model: string, inputHash: string, kind: string, promptTokens: number, completionTokens: number, requests = 1) =>
      saveJudgeCall({ key: { model, promptVersion: "v1", inputHash }, kind, outputJson: "{}", promptTokens, completionTokens, requests, db });
    await call("gpt-x", "h1", "intents", 1_000, 100);
    await call("gpt-x", "h2", "spans", 3_000, 500, 2);
    await call("gpt-x", "h3", "spans", 1_000, 500);
    await call("local", "h4", "extract", 400, 40);
    // The first reply for a key wins: a second save of h1 adds nothing.
    await call("gpt-x", "h1", "intents", 9_999, 9_999);

    const prices = { "gpt-x": { inputPerMillion: 2, outputPerMillion: 10 } };
    const text = await render(() => readStoreMetrics({ db, prices }));
    expect(sample(text, 'snippet_lab_judge_prompt_tokens_total{model="gpt-x",kind="intents"}')).toBe(1_000);
    expect(sample(text, 'snippet_lab_judge_prompt_tokens_total{model="gpt-x",kind="spans"}')).toBe(4_000);
    expect(sample(text, 'snippet_lab_judge_completion_tokens_total{model="gpt-x",kind="spans"}')).toBe(1_000);
    expect(sample(text, 'snippet_lab_judge_requests_total{model="gpt-x",kind="spans"}')).toBe(3);
    expect(sample(text, 'snippet_lab_judge_prompt_tokens_total{model="local",kind="extract"}')).toBe(400);
    // (5,000 × 2 + 1,100 × 10) / 1e6 USD; the model without a price has no cost series.
    expect(sample(text, 'snippet_lab_judge_cost_usd_total{model="gpt-x"}')).toBeCloseTo(0.021, 12);
    expect(text).not.toContain('snippet_lab_judge_cost_usd_total{model="local"}');
    expect(text).toMatch(/^# TYPE snippet_lab_judge_cost_usd_total counter$/m);
  });

  it("reads the database once per scrape, and reports a failed read as store_up 0 with no other series", async () => {
    let reads = 0;
    const text = await render(async () => {
      reads++;
      return readStoreMetrics({ db, prices: {} });
    });
    expect(reads).toBe(1);
    expect(sample(text, 'snippet_lab_jobs{kind="score-pairs",state="queued"}')).toBe(0);

    const down = await render(async () => null);
    expect(sample(down, "snippet_lab_store_up")).toBe(0);
    expect(down).not.toMatch(/^snippet_lab_jobs\{/m);
    expect(down).not.toMatch(/^snippet_lab_judge_prompt_tokens_total\{/m);
  });
});
