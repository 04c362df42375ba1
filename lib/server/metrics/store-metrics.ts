import "server-only";
import { Counter, Gauge, type Registry } from "prom-client";
import { JOB_KINDS } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import { summarizeJobQueue, type JobQueueGroup } from "../db/jobs/summarize-job-queue";
import { sumJudgeUsage, type JudgeUsage } from "../db/judge/sum-judge-usage";
import type { JudgePrice } from "../env";

// Metrics read from the database at each scrape, not counted in this process: jobs and judge runs may run in worker
// processes (snippet-lab worker) that Prometheus does not scrape, and the database sees them all.

/** What one scrape reads from the database. */
export interface StoreMetrics {
  jobs: JobQueueGroup[];
  judge: JudgeUsage[];
  /** USD per million tokens by judge model (SNIPPET_LAB_JUDGE_PRICES); models without a price have no cost series. */
  prices: Readonly<Record<string, JudgePrice>>;
  /** When it was read (job ages are measured from it). */
  at: Date;
}

/** Reads the job queue and the judge's usage. */
export async function readStoreMetrics({
  db,
  prices,
  now = () => new Date(),
}: {
  db?: Db;
  prices: Readonly<Record<string, JudgePrice>>;
  now?: () => Date;
}): Promise<StoreMetrics> {
  const [jobs, judge] = await Promise.all([summarizeJobQueue(db ? { db } : {}), sumJudgeUsage(db ? { db } : {})]);
  return { jobs, judge, prices, at: now() };
}

/** USD of a model's tokens at its price. */
function costOf(u: JudgeUsage, price: JudgePrice): number {
  return (u.promptTokens * price.inputPerMillion + u.completionTokens * price.outputPerMillion) / 1e6;
}

/**
 * Registers the database-backed metrics in `registry`. `load` is called once per scrape (the metrics share one read:
 * prom-client collects them concurrently); null when the database could not be read, which `snippet_lab_store_up`
 * reports as 0 while the other series are left out rather than reported as zero.
 */
export function registerStoreMetrics({ registry, load }: { registry: Registry; load: () => Promise<StoreMetrics | null> }): void {
  const registers = [registry];
  let current: { at: number; read: Promise<StoreMetrics | null> } | undefined;
  const read = () => {
    // One read per scrape: the collectors below run within milliseconds of each other.
    const t = Date.now();
    if (!current || t - current.at > 1_000) current = { at: t, read: load() };
    return current.read;
  };

  new Gauge({
    name: "snippet_lab_store_up",
    help: "1 when this scrape read the job queue and judge usage from the database, 0 when it could not.",
    registers,
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });

  new Gauge({
    name: "snippet_lab_jobs",
    help: "Background jobs by kind and state (queued, running): the job queue's depth.",
    labelNames: ["kind", "state"],
    registers,
    async collect() {
      this.reset();
      const s = await read();
      if (!s) return;
      for (const kind of JOB_KINDS) for (const state of ["queued", "running"] as const) this.set({ kind, state }, 0);
      for (const g of s.jobs) this.set({ kind: g.kind, state: g.state }, g.count);
    },
  });

  const ageGauge = (name: string, help: string, state: "queued" | "running") =>
    new Gauge({
      name,
      help,
      labelNames: ["kind"],
      registers,
      async collect() {
        this.reset();
        const s = await read();
        if (!s) return;
        for (const kind of JOB_KINDS) {
          const g = s.jobs.find((j) => j.kind === kind && j.state === state);
          this.set({ kind }, g?.oldestAt ? Math.max(0, (s.at.getTime() - g.oldestAt.getTime()) / 1000) : 0);
        }
      },
    });
  ageGauge(
    "snippet_lab_job_queued_age_seconds",
    "Seconds the longest-waiting queued job of a kind has waited since it was queued (0: none queued). Grows when no worker takes jobs.",
    "queued",
  );
  ageGauge(
    "snippet_lab_job_heartbeat_age_seconds",
    "Seconds since the stalest running job of a kind last reported progress (0: none running). Workers report at least every few seconds.",
    "running",
  );

  // Totals that only grow (JudgeCall rows are only added), exposed as counters: reset and set from the database each scrape.
  const usageCounter = (name: string, help: string, value: (u: JudgeUsage) => number) =>
    new Counter({
      name,
      help,
      labelNames: ["model", "kind"],
      registers,
      async collect() {
        this.reset();
        const s = await read();
        for (const u of s?.judge ?? []) this.inc({ model: u.model, kind: u.kind }, value(u));
      },
    });
  usageCounter(
    "snippet_lab_judge_prompt_tokens_total",
    "Prompt tokens the LLM judge was sent, by model and request kind (intents, spans, spans-one-stage; extract: llm-extract and hybrid compress requests). Cached replies are not sent again.",
    (u) => u.promptTokens,
  );
  usageCounter(
    "snippet_lab_judge_completion_tokens_total",
    "Completion tokens the LLM judge returned, by model and request kind.",
    (u) => u.completionTokens,
  );
  usageCounter(
    "snippet_lab_judge_requests_total",
    "HTTP requests to the LLM judge that produced a stored reply (repairs included), by model and kind.",
    (u) => u.requests,
  );

  new Counter({
    name: "snippet_lab_judge_cost_usd_total",
    help: "USD spent on the LLM judge at SNIPPET_LAB_JUDGE_PRICES, by model (models without a configured price are left out).",
    labelNames: ["model"],
    registers,
    async collect() {
      this.reset();
      const s = await read();
      if (!s) return;
      const byModel = new Map<string, number>();
      for (const u of s.judge) {
        const price = s.prices[u.model];
        if (price) byModel.set(u.model, (byModel.get(u.model) ?? 0) + costOf(u, price));
      }
      for (const [model, usd] of byModel) this.inc({ model }, usd);
    },
  });
}
