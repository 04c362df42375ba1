import "server-only";
import { setMaxListeners } from "node:events";
import { APIUserAbortError } from "openai";
import { AppError, isAppError } from "@/lib/errors";
import type { JudgeVariant } from "@/lib/judge/types";
import { type JudgeRunPayload, judgeRunPayloadSchema } from "@/lib/schemas/jobs";
import { getDataset } from "../../db/datasets/get-dataset";
import { getPair } from "../../db/get-pair";
import { claimJudgeRunPair } from "../../db/judge/claim-judge-run-pair";
import { commitJudgment } from "../../db/judge/commit-judgment";
import { createJudgeRun } from "../../db/judge/create-judge-run";
import { failJudgeRunPair } from "../../db/judge/fail-judge-run-pair";
import { getJudgeRun } from "../../db/judge/get-judge-run";
import { readJudgeRunSummary, runPairTotals } from "../../db/judge/read-judge-run-summary";
import { releaseJudgeRunPairs } from "../../db/judge/release-judge-run-pairs";
import type { JudgeConfig } from "../../env";
import { requireJudgeConfig } from "../../judge/judge-config";
import { judgeLayerName, judgePair, judgmentFields } from "../../judge/judge-pair";
import { PROMPT_VERSION } from "../../judge/prompt-version";
import { type LlmUsage, newLlmUsage } from "../../llm/create-llm-client";
import { getLlmClient } from "../../llm/get-llm-client";
import { JobCancelled, type JobContext, type JobHandler, type JobServices } from "../types";

/** The judge settings the runner was given (the CLI's flags), else the environment's; UNAVAILABLE when there are none. */
const judgeConfigOf = (services: JobServices): JudgeConfig => services.judge ?? requireJudgeConfig();

/** The run's judge settings on this worker, with the run's model. */
function runConfig(model: string, services: JobServices): JudgeConfig {
  return { ...judgeConfigOf(services), model };
}

/**
 * Errors that are not the pair's fault: the server is unreachable, the key or URL is wrong, or the job was cancelled.
 * The job stops (the pair goes back to pending) instead of failing every remaining pair with the same reason.
 */
function stopsTheRun(e: unknown): boolean {
  if (e instanceof JobCancelled || e instanceof APIUserAbortError) return true;
  if (!isAppError(e)) return false;
  const d = e.details as { reason?: string; status?: number } | undefined;
  return (
    e.code === "NOT_FOUND" ||
    d?.reason === "unreachable" ||
    d?.reason === "not_configured" ||
    d?.reason === "misconfigured" ||
    [401, 403, 404].includes(d?.status ?? 0)
  );
}

function reasonOf(e: unknown): string {
  if (isAppError(e)) return e.message;
  console.error("[jobs] judge-run: a pair failed:", e);
  return "judging failed (see the server log)";
}

/**
 * One job of a judge run: claims the run's pending pairs one at a time (several at once with
 * SNIPPET_LAB_JUDGE_CONCURRENCY > 1), judges each (requests answered from the cache when unchanged, retried with
 * backoff on transient errors) and commits it at once — suggestions, judgment, tokens, cost and match counts in one
 * transaction. A pair whose requests still fail is marked failed with the reason and the run goes on; an unreachable
 * server stops the job (resume it later). On resume, the pairs this job had claimed but not committed are taken again
 * and their answered requests come from the cache: nothing done is lost and no answered request is sent twice.
 */
export const judgeRunJob: JobHandler<JudgeRunPayload> = {
  kind: "judge-run",
  payloadSchema: judgeRunPayloadSchema,
  scopeOf: (p) => (p.runId ? `judge-run:${p.runId}:${p.worker ?? 0}` : null),
  async check(payload, { db, services }) {
    judgeConfigOf(services);
    await getDataset({ id: payload.datasetId, db });
  },
  async plan(payload, { db, createdById, services }) {
    if (payload.runId) return [payload];
    const config = judgeConfigOf(services);
    const model = payload.model ?? config.model;
    const run = await createJudgeRun({
      db,
      datasetId: payload.datasetId,
      model,
      baseUrl: config.baseUrl,
      promptVersion: PROMPT_VERSION,
      variant: payload.variant,
      options: {
        ...(payload.limit !== undefined ? { limit: payload.limit } : {}),
        ...(payload.pairIds ? { pairIds: payload.pairIds.length } : {}),
        ...(payload.refreshIntents ? { refreshIntents: true } : {}),
        ...(payload.skipJudged ? { skipJudged: true } : {}),
        workers: payload.workers,
        chunkChars: config.chunkChars,
      },
      ...(payload.pairIds ? { pairIds: payload.pairIds } : {}),
      ...(payload.limit !== undefined ? { limit: payload.limit } : {}),
      ...(payload.skipJudged ? { skipJudged: true } : {}),
      createdById,
    });
    const workers = Math.min(payload.workers, run.pairs);
    return Array.from({ length: workers }, (_, worker) => ({ ...payload, runId: run.id, worker }));
  },
  async run(ctx) {
    const runId = ctx.payload.runId;
    if (!runId) throw new AppError("BAD_REQUEST", "a judge-run job needs its runId (start runs with kind judge-run)");
    const run = await getJudgeRun({ id: runId, db: ctx.db });
    const config = runConfig(run.model, ctx.services);
    // The process's client for these settings: workers of one run in this process share its concurrency limit.
    const client = getLlmClient(config);
    // Every request in flight listens to the job's abort signal (a cancel stops them at once).
    setMaxListeners(0, ctx.signal);
    const price = config.prices[run.model] ?? null;
    const variant = run.variant as JudgeVariant;
    // Resume: what this job had claimed but not committed is taken again (its answered requests are cached).
    await releaseJudgeRunPairs({ runId, jobId: ctx.jobId, db: ctx.db });

    let stop: unknown = null;
    let inFlight = 0;
    const updateTotal = async () => {
      const pending = await ctx.db.judgeRunPair.count({ where: { runId, state: "pending" } });
      ctx.setTotal(ctx.counts.done + inFlight + pending);
    };

    const judgeOne = async (row: NonNullable<Awaited<ReturnType<typeof claimJudgeRunPair>>>) => {
      const usage: LlmUsage = newLlmUsage();
      const totals = () => runPairTotals(row, usage, price);
      try {
        const pair = await getPair({ id: row.pairId, db: ctx.db });
        if (!pair) throw new AppError("NOT_FOUND", `Pair ${row.pairId} was deleted`);
        const judgment = await judgePair({
          pair,
          documents: pair.documents,
          client,
          chunkChars: config.chunkChars,
          variant,
          refreshIntents: JSON.parse(run.optionsJson).refreshIntents === true,
          cache: { db: ctx.db },
          signal: ctx.signal,
          usage,
        });
        await commitJudgment({
          db: ctx.db,
          pairId: row.pairId,
          model: run.model,
          promptVersion: run.promptVersion,
          variant,
          layer: judgeLayerName(run.model, variant),
          ...judgmentFields(judgment),
          runPair: { id: row.id, runId, ...totals() },
        });
        ctx.itemDone();
      } catch (e) {
        if (stopsTheRun(e) && !(isAppError(e) && e.code === "NOT_FOUND")) {
          await releaseJudgeRunPairs({ runId, id: row.id, db: ctx.db });
          stop ??= e;
          return;
        }
        const reason = reasonOf(e);
        await failJudgeRunPair({ id: row.id, reason, ...totals(), db: ctx.db });
        ctx.itemDone({ item: row.pairId, message: reason });
      }
    };

    const loop = async () => {
      while (stop === null) {
        try {
          await ctx.checkpointed();
        } catch (e) {
          stop ??= e;
          return;
        }
        const row = await claimJudgeRunPair({ runId, jobId: ctx.jobId, db: ctx.db });
        if (!row) return;
        inFlight++;
        try {
          await updateTotal();
          await judgeOne(row);
        } finally {
          inFlight--;
        }
      }
    };
    await updateTotal();
    await Promise.all(Array.from({ length: config.concurrency }, loop));
    if (stop !== null) throw stop instanceof APIUserAbortError ? new JobCancelled() : stop;
    ctx.setTotal(ctx.counts.done);
    return readJudgeRunSummary({ id: runId, price, db: ctx.db });
  },
};

/** The judge-run job context's type, for tests. */
export type JudgeRunContext = JobContext<JudgeRunPayload>;
