import "server-only";
import { AppError } from "@/lib/errors";
import { addMatchCounts, emptyMatchCounts, matchRates } from "@/lib/judge/match-stats";
import type { JudgeVariant } from "@/lib/judge/types";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { type Db, getDb } from "../client";
import { toJobOut } from "../jobs/job-rows";
import { JOB_SELECT } from "../jobs/job-rows";

const parse = <T>(s: string | null, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export type JudgePriceLike = { inputPerMillion: number; outputPerMillion: number } | null;

/** USD of a token count at a price (per million tokens); null without a price. */
export function costOf(price: JudgePriceLike, promptTokens: number, completionTokens: number): number | null {
  if (!price) return null;
  return Math.round(((promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1e6) * 1e6) / 1e6;
}

/** What a run's pair row sums over its attempts. */
export type RunPairTotals = { promptTokens: number; completionTokens: number; costUsd: number | null; requests: number; cachedRequests: number };

/** A run pair's totals after one more attempt: what its row had plus this attempt's usage, cost at `price`. */
export function runPairTotals(
  row: { promptTokens: number; completionTokens: number; requests: number; cachedRequests: number },
  usage: { promptTokens: number; completionTokens: number; requests: number; cachedRequests: number },
  price: JudgePriceLike,
): RunPairTotals {
  const promptTokens = row.promptTokens + usage.promptTokens;
  const completionTokens = row.completionTokens + usage.completionTokens;
  return {
    promptTokens,
    completionTokens,
    costUsd: costOf(price, promptTokens, completionTokens),
    requests: row.requests + usage.requests,
    cachedRequests: row.cachedRequests + usage.cachedRequests,
  };
}

/**
 * A judge run's summary from its pair rows: progress, tokens, cost (at `price`, the model's configured price now),
 * requests sent and answered from the cache, suggestions, quotes per matching step, failures with reasons, the
 * quotes no step located, and its jobs. NOT_FOUND for an unknown run.
 */
export async function readJudgeRunSummary({
  id,
  price = null,
  db = getDb(),
}: {
  id: string;
  price?: JudgePriceLike;
  db?: Db;
}): Promise<JudgeRunSummary> {
  const run = await db.judgeRun.findUnique({ where: { id }, include: { dataset: { select: { name: true } } } });
  if (!run) throw new AppError("NOT_FOUND", `Judge run ${id} not found`);
  const [states, sums, rows, failures, judgments, jobs] = await Promise.all([
    db.judgeRunPair.groupBy({ by: ["state"], where: { runId: id }, _count: { _all: true } }),
    db.judgeRunPair.aggregate({
      where: { runId: id },
      _sum: { promptTokens: true, completionTokens: true, requests: true, cachedRequests: true, suggestions: true },
    }),
    db.judgeRunPair.findMany({ where: { runId: id, matchJson: { not: null } }, select: { matchJson: true } }),
    db.judgeRunPair.findMany({
      where: { runId: id, state: "failed" },
      orderBy: { position: "asc" },
      take: 200,
      select: { pairId: true, reason: true },
    }),
    db.judgeJudgment.findMany({
      where: { runId: id, NOT: { unmatchedJson: "[]" } },
      orderBy: { updatedAt: "asc" },
      take: 100,
      select: { pairId: true, unmatchedJson: true },
    }),
    db.job.findMany({ where: { kind: "judge-run", scope: { startsWith: `judge-run:${id}:` } }, orderBy: { createdAt: "asc" }, select: JOB_SELECT }),
  ]);
  const count = (s: string) => states.find((x) => x.state === s)?._count._all ?? 0;
  const matches = emptyMatchCounts();
  for (const r of rows) addMatchCounts(matches, parse(r.matchJson, null));
  const rates = matchRates(matches);
  const prompt = sums._sum.promptTokens ?? 0;
  const completion = sums._sum.completionTokens ?? 0;
  const unmatched: JudgeRunSummary["unmatched"] = [];
  for (const j of judgments) {
    for (const u of parse<{ documentId: string; text: string; category: string; reason: string }[]>(j.unmatchedJson, [])) {
      if (unmatched.length < 100) unmatched.push({ pairId: j.pairId, ...u });
    }
  }
  return {
    id: run.id,
    datasetId: run.datasetId,
    datasetName: run.dataset.name,
    model: run.model,
    baseUrl: run.baseUrl,
    promptVersion: run.promptVersion,
    variant: run.variant as JudgeVariant,
    mode: run.mode === "batch" ? "batch" : "online",
    options: parse(run.optionsJson, {}),
    createdAt: run.createdAt.toISOString(),
    pairs: { total: run.pairs, pending: count("pending"), running: count("running"), done: count("done"), failed: count("failed") },
    tokens: { prompt, completion, total: prompt + completion },
    costUsd: costOf(price, prompt, completion),
    price,
    requests: { sent: sums._sum.requests ?? 0, cached: sums._sum.cachedRequests ?? 0 },
    suggestions: sums._sum.suggestions ?? 0,
    matches,
    matchShare: rates.share,
    matchCumulative: rates.cumulative,
    failures: failures.map((f) => ({ pairId: f.pairId, reason: f.reason ?? "failed" })),
    unmatched,
    jobs: jobs.map((j) => toJobOut(j)),
  };
}
