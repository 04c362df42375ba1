import "server-only";
import { performance } from "node:perf_hooks";
import type { Method } from "@/lib/engine/method";
import { formatModelMethod, PRESETS } from "@/lib/engine/methods";
import type { TokenScores } from "@/lib/engine/types";
import { AppError, isAppError } from "@/lib/errors";
import { type Interval, intervalKey } from "@/lib/eval/bootstrap-interval";
import { manyPointIntervalsWith } from "@/lib/eval/bootstrap-many-intervals";
import { evalMethodOf } from "@/lib/eval/eval-method-of";
import { FRONTIER_MEASURES } from "@/lib/eval/frontier";
import { type EvalMethod, type EvalSetting, runEval } from "@/lib/eval/run-eval";
import { rememberUnitScores } from "@/lib/eval/remember-unit-scores";
import type { EvalRow, QueryMetrics } from "@/lib/eval/types";
import { DEFAULT_SWEEP_BUDGETS, DEFAULT_SWEEP_THRESHOLDS, type FrontierSweepPayload, type JobFailure } from "@/lib/schemas/jobs";
import type { FrontierResult } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { getDataset } from "../db/datasets/get-dataset";
import { listEvalPairs } from "../db/research/list-eval-pairs";
import { getEnv } from "../env";
import { listModels } from "../model/list-models";
import { scorePair } from "../pairs/score-pair";
import { evalExamplesOfPairs } from "./eval-examples";
import { loadFreshScores } from "./load-fresh-scores";
import { preloadStoredResults, prepareStoredResults } from "./prepared-results-cache";
import { isJudgeConfigured } from "../judge/judge-config";
import { resolveResearchMethods } from "./research-methods";
import { startResampleWorkers } from "./resample-in-workers";
import { ensureResultSimilarities } from "../embeddings/stored-result-similarity";

/** How a sweep reports: a job's context, or nothing. */
export type SweepProgress = {
  setTotal(total: number): void;
  itemDone(failure?: JobFailure): void;
  /** Saves progress; throws when the sweep should stop (a cancelled job). */
  checkpointed(): Promise<void>;
};

const NO_PROGRESS: SweepProgress = { setTotal: () => {}, itemDone: () => {}, checkpointed: async () => {} };

/** A baseline's scores depend on the query and the documents only: the next sweep over the same pairs reuses them. */
const sweepMethodOf = (method: Method, cached?: ReadonlyMap<string, readonly TokenScores[]>): EvalMethod =>
  method.kind === "baseline" ? rememberUnitScores(evalMethodOf(method, cached)) : evalMethodOf(method, cached);

/** Sorted, without duplicates (a model's default threshold may already be in the list). */
const uniqueSorted = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/**
 * A threshold and budget sweep of a dataset's gold pairs: every method's probabilities come from the ModelRun cache
 * (pairs without fresh ones are scored first, once), then `runEval` — the code of `snippet-lab eval` — re-runs the
 * selection per threshold and budget in memory. Each method runs on its own, so one that fails (a model that is not
 * installed, a judge server that is down) gets an `error` and the others still get their curves. The rows are the
 * CLI's report rows, to the last digit.
 */
export async function runFrontierSweep(options: SweepOptions): Promise<FrontierResult> {
  // Documents segmented by this sweep are stored once it is done (or failed), not between its own reads.
  let sweepDone = () => {};
  const writeAfter = new Promise<void>((resolve) => (sweepDone = resolve));
  try {
    return await sweep({ ...options, writeAfter });
  } finally {
    sweepDone();
  }
}

type SweepOptions = { payload: FrontierSweepPayload; db?: Db; progress?: SweepProgress };

async function sweep({ payload, db, progress = NO_PROGRESS, writeAfter }: SweepOptions & { writeAfter: Promise<void> }): Promise<FrontierResult> {
  const dataset = await getDataset({ id: payload.datasetId, ...(db ? { db } : {}) });
  const pairs = await listEvalPairs({ datasetId: dataset.id, onlyGold: true, ...(db ? { db } : {}) });
  if (pairs.length === 0) {
    throw new AppError(
      "UNPROCESSABLE",
      `Dataset "${dataset.name}" has no gold pairs: adjudicate some pairs, or import a file with its evidence as gold.`,
    );
  }
  const models = await listModels();
  const methods = resolveResearchMethods(payload.methods, models, { judgeConfigured: isJudgeConfigured() });
  const encoding = getEnv().downstreamEncoding;

  // The documents' units (stored, or segmented now) load while the model's runs are read: the database works on one
  // while this thread decodes the other. Pairs skipped below are left out of the examples, not of this.
  const allExamples = evalExamplesOfPairs(pairs);
  const preloading = preloadStoredResults(allExamples, { writeAfter, ...(encoding ? { encoding } : {}), ...(db ? { db } : {}) });
  preloading.catch(() => {}); // awaited below; not unhandled if reading the runs fails first

  // 1. Fresh cached probabilities of every model method; the missing ones are scored now (and cached).
  const t0 = performance.now();
  const scores = new Map<string, Map<string, TokenScores[]>>();
  const missingByModel = new Map<string, string[]>();
  for (const { info, method } of methods) {
    const modelName = method?.modelName;
    if (!modelName || info.error || missingByModel.has(modelName)) continue;
    const { scores: fresh, missing } = await loadFreshScores({ pairs, modelName, ...(db ? { db } : {}) });
    scores.set(modelName, fresh);
    missingByModel.set(modelName, missing);
  }
  const toScore = [...missingByModel.values()].reduce((n, xs) => n + xs.length, 0);
  const usable = methods.filter((m) => !m.info.error).length;
  let total = toScore + pairs.length * usable;
  progress.setTotal(total);
  const skipped = new Map<string, string>();
  for (const [modelName, missing] of missingByModel) {
    for (const pairId of missing) {
      await progress.checkpointed();
      try {
        await scorePair({ pairId, model: formatModelMethod(modelName), ...(db ? { db } : {}) });
        progress.itemDone();
      } catch (e) {
        const reason = `scoring with ${modelName} failed: ${isAppError(e) ? e.message : "see the server log"}`;
        if (!isAppError(e)) console.error(`[sweep] pair ${pairId}:`, e);
        skipped.set(pairId, reason);
        progress.itemDone({ item: pairId, message: reason });
      }
    }
    if (missing.length > 0) {
      const again = await loadFreshScores({ pairs: pairs.filter((p) => missing.includes(p.id)), modelName, ...(db ? { db } : {}) });
      for (const [id, s] of again.scores) scores.get(modelName)!.set(id, s);
      for (const id of again.missing) if (!skipped.has(id)) skipped.set(id, `no fresh ${modelName} scores after scoring`);
    }
  }
  const scoreMs = performance.now() - t0;

  // 2. Each model's unit similarities (its sentence encoder's cosines), which no threshold or budget changes: stored
  // once per set and encoder, computed here only for sets never seen (one item of progress each), so the sweep below
  // reads them from memory and only selects.
  await preloading;
  const examples = skipped.size === 0 ? allExamples : evalExamplesOfPairs(pairs.filter((p) => !skipped.has(p.id)));
  const t2 = performance.now();
  for (const { info, method } of methods) {
    if (info.error || method?.kind !== "model") continue;
    try {
      await ensureResultSimilarities({
        profile: method.profile,
        sets: examples.map((ex) => ({ query: ex.query, results: prepareStoredResults(ex, encoding ? { encoding } : {}) })),
        ...(db ? { db } : {}),
        onPlanned: (n) => {
          total += n;
          if (n > 0) progress.setTotal(total);
        },
        onComputed: async () => {
          progress.itemDone();
          await progress.checkpointed();
        },
      });
    } catch (e) {
      // The method's own run below meets the same failure and reports it as its error; the other methods go on.
      if ((e as Error)?.name === "JobCancelled") throw e;
      console.error(`[sweep] ${info.method}: unit similarities failed:`, e);
    }
  }
  const similarityMs = performance.now() - t2;

  // 3. The sweep, in memory: one runEval per method over the same examples.
  const thresholds = uniqueSorted([
    ...(payload.thresholds ?? DEFAULT_SWEEP_THRESHOLDS),
    ...methods.flatMap((m) => (m.method?.kind === "model" ? [m.method.profile.selection.threshold] : [])),
  ]);
  const budgets = uniqueSorted(payload.budgets ?? DEFAULT_SWEEP_BUDGETS);
  const t1 = performance.now();
  const rows: EvalRow[] = [];
  // Every point's pairs, for its bootstrap interval over pairs (seeded: a sweep of the same data draws the same).
  const categories = new Set<string>();
  for (const p of pairs) for (const s of p.gold) categories.add(s.category);
  const measures = [...FRONTIER_MEASURES, "tokensPerQuery", ...[...categories].map((c) => `category:${c}`)];
  // Each method's points are resampled in worker threads as soon as it ran, while the next one runs (the same draws
  // for every point: each interval is the one bootstrapInterval gives, wherever it is computed).
  const workers = startResampleWorkers();
  const pending: Promise<Record<string, Record<string, Interval>>>[] = [];
  let intervals: Record<string, Record<string, Interval>>;
  try {
    for (const m of methods) {
      if (m.info.error || !m.method) continue;
      const modelName = m.method.modelName;
      // Per setting (the same object for every example), its pairs' metrics.
      const perSetting = new Map<EvalSetting, QueryMetrics[]>();
      try {
        const method = sweepMethodOf(m.method, modelName ? scores.get(modelName) : undefined);
        const report = await runEval({
          dataset: dataset.name,
          examples,
          methods: [method],
          budgets,
          thresholds,
          prepareResults: (ex) => prepareStoredResults(ex, encoding ? { encoding } : {}),
          ...(encoding ? { encoding } : {}),
          onQueryMetrics: ({ setting, metrics }) => {
            if (setting.key === "ratio") return;
            const list = perSetting.get(setting);
            if (list) list.push(metrics);
            else perSetting.set(setting, [metrics]);
          },
          onProgress: async () => {
            progress.itemDone();
            await progress.checkpointed();
          },
        });
        rows.push(...report.results);
        const points = new Map<string, QueryMetrics[]>();
        for (const [setting, list] of perSetting) points.set(intervalKey(method.name, { kind: setting.key, value: setting.value }), list);
        const next = manyPointIntervalsWith({ points, measures, resample: workers.resample });
        // Awaited below; a sweep that stops before then must not leave a rejection unhandled.
        next.catch(() => {});
        pending.push(next);
      } catch (e) {
        if ((e as Error)?.name === "JobCancelled") throw e;
        if (!isAppError(e)) console.error(`[sweep] ${m.info.method} failed:`, e);
        m.info.error = isAppError(e) ? e.message : "the method failed (see the server log)";
      }
    }
    intervals = Object.assign({}, ...(await Promise.all(pending))) as Record<string, Record<string, Interval>>;
  } finally {
    await workers.close();
  }

  return {
    datasetId: dataset.id,
    datasetName: dataset.name,
    pairs: examples.length,
    skipped: [...skipped].map(([pairId, reason]) => ({ pairId, reason })),
    thresholds,
    budgets,
    methods: methods.map((m) => m.info),
    presets: { ...PRESETS },
    hasAnswers: examples.some((e) => (e.answers?.length ?? 0) > 0),
    categories: [...categories].sort(),
    rows,
    intervals,
    finishedAt: new Date().toISOString(),
    timings: { scoreMs: Math.round(scoreMs), similarityMs: Math.round(similarityMs), sweepMs: Math.round(performance.now() - t1) },
  };
}
