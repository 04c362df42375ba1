import type { EvalExample } from "../data/types";
import { prepareResult } from "../engine/prepare-result";
import type { Evidence, PreparedResult, UnitScores } from "../engine/types";
import type { Aggregation } from "../engine/methods";
import type { SelectionProfile } from "../engine/profile";
import { sameChoice, selectionOfChoice, type UnitChoice } from "../engine/select-spans";
import { BASELINE_PROFILE, chooseWithProfile, unitScoresOf } from "../engine/select-with-profile";
import type { FidelityReport } from "../engine/fidelity/check-fidelity";
import { type FidelityMemo, selectionFidelity } from "../engine/fidelity/selection-fidelity";
import { AppError } from "../errors";
import { categoryAgreement, computeQueryMetrics } from "./compute-query-metrics";
import { summarizeMethodCost, summarizeQueryMetrics } from "./summarize-query-metrics";
import type { EvalReport, EvalRow, FidelityViolationReport, MethodCost, QueryMetrics } from "./types";

/** Queries × settings whose fidelity violations a report lists (the figures count every one). */
export const MAX_FIDELITY_REPORTS = 500;

export interface EvalMethod {
  /** "model:<name>", "bm25", "lead", "oracle", … */
  name: string;
  /**
   * An example's result set scored once: unit scores, or a token model's evidence (runEval turns it into unit scores
   * with `profile`, as the API does). The example is there for the oracle (its evidence) and cached runs (its id).
   */
  score(example: EvalExample, input: { query: string; results: readonly PreparedResult[]; aggregation: Aggregation }): Promise<Evidence>;
  /**
   * The method's selection profile, as the API applies it (a model's unit stage and calibrated floors, …); the
   * threshold comes from each setting of the run. Default: the baselines' (the engine's floors).
   */
  profile?: SelectionProfile;
  /** Creates what `score` needs (a model's sessions) before the clock of its time per query starts. */
  ready?: () => Promise<unknown>;
}

export interface RunEvalOptions {
  dataset: string;
  examples: readonly EvalExample[];
  methods: readonly EvalMethod[];
  /** budget = ratio × the query's tokensIn, threshold 0. */
  ratios?: readonly number[];
  /** Absolute budgets for the whole result set, threshold 0. */
  budgets?: readonly number[];
  /** Thresholds, each with `thresholdBudget` (default unlimited). */
  thresholds?: readonly number[];
  thresholdBudget?: number;
  /** Threshold applied with ratios and budgets (default 0: the budget alone decides, above the floor). */
  budgetThreshold?: number;
  /** Called with each example's results and the scores of every method (extra measures, e.g. categories). */
  onScored?: (p: { example: EvalExample; results: readonly PreparedResult[]; method: string; scores: UnitScores }) => void;
  /** Token → unit aggregation the scorers are asked for (default mean). */
  aggregation?: Aggregation;
  fragmentSize?: number;
  /** Sentence segmentation locale (a result's own `locale` wins). */
  locale?: string;
  /** Downstream encoding budgets count in (default o200k_base). */
  encoding?: string;
  /** Awaited after each example: a caller may save progress, or throw to stop (a cancelled job). */
  onProgress?: (p: { done: number; total: number }) => void | Promise<void>;
  /**
   * Canonicalises an example's results (default: prepareResult with the options above). The app passes a cached one:
   * sweeps over stored pairs prepare each document once, not once per sweep.
   */
  prepareResults?: (example: EvalExample) => PreparedResult[];
  /** Report each method's time per query and LLM usage (`methods`): run-dependent, so the CLI asks for it and sweeps do not. */
  reportCosts?: boolean;
  /** Every query's metrics at every setting (the pairs behind a point of a frontier). */
  onQueryMetrics?: (p: { example: EvalExample; method: string; setting: EvalSetting; metrics: QueryMetrics }) => void;
}

export type EvalSetting = { key: "ratio" | "budget" | "threshold"; value: number };
type Setting = EvalSetting;

/**
 * Score every query once per method, then re-run only the (cheap) selection for each ratio,
 * budget and threshold. Examples are processed one at a time so memory stays flat.
 */
export async function runEval(opts: RunEvalOptions): Promise<EvalReport> {
  const settings: Setting[] = [
    ...(opts.ratios ?? []).map((value) => ({ key: "ratio" as const, value })),
    ...(opts.budgets ?? []).map((value) => ({ key: "budget" as const, value })),
    ...(opts.thresholds ?? []).map((value) => ({ key: "threshold" as const, value })),
  ];
  if (settings.length === 0) throw new AppError("BAD_REQUEST", "Give at least one ratio, budget or threshold");
  if (opts.methods.length === 0) throw new AppError("BAD_REQUEST", "Give at least one method");
  const aggregation = opts.aggregation ?? "mean";
  const thresholdBudget = opts.thresholdBudget ?? Infinity;
  const metrics: QueryMetrics[][][] = opts.methods.map(() => settings.map(() => []));

  const fidelityViolations: FidelityViolationReport[] = [];
  const costs: Parameters<typeof summarizeMethodCost>[0][number][][] = opts.methods.map(() => []);
  for (const [i, example] of opts.examples.entries()) {
    const results: PreparedResult[] = opts.prepareResults ? opts.prepareResults(example) : prepareEvalResults(example, opts);
    const tokensIn = results.reduce((a, r) => a + r.tokensIn, 0);
    for (const [m, method] of opts.methods.entries()) {
      const profile = method.profile ?? BASELINE_PROFILE;
      await method.ready?.();
      const started = performance.now();
      const evidence = await method.score(example, { query: example.query, results, aggregation });
      const scoreMs = performance.now() - started;
      // The unit stage, once per example and method: every setting below only selects.
      const unitScores = unitScoresOf({ evidence, query: example.query, results, profile, aggregation });
      const scores: UnitScores = "unitScores" in evidence ? evidence : { ...evidence, unitScores };
      const { tokenScores } = scores;
      costs[m]!.push({
        scoreMs,
        ...(scores.llm
          ? {
              llm: {
                promptTokens: scores.llm.promptTokens,
                completionTokens: scores.llm.completionTokens,
                requests: scores.llm.requests,
                cachedRequests: scores.llm.cachedRequests,
              },
            }
          : {}),
      });
      opts.onScored?.({ example, results, method: method.name, scores });
      const tokenMap = tokenScores ? new Map(results.map((r, i) => [r.id, tokenScores[i]!])) : undefined;
      // The model's agreement with the gold categories does not depend on the selection: counted once, not per setting.
      const agreement = example.categories?.length ? categoryAgreement(example.categories, tokenMap) : undefined;
      // Settings that keep the same units (neighbouring thresholds, often) have the same selection, fidelity and metrics.
      const measured: { choice: UnitChoice; fidelity: FidelityReport; qm: QueryMetrics }[] = [];
      // Its selections share most spans: each span's fidelity is checked once per query and method.
      const fidelityMemo: FidelityMemo = new Map();
      for (const [s, setting] of settings.entries()) {
        const budget = setting.key === "ratio" ? setting.value * tokensIn : setting.key === "budget" ? setting.value : thresholdBudget;
        const threshold = setting.key === "threshold" ? setting.value : (opts.budgetThreshold ?? 0);
        const choice = chooseWithProfile({ results, unitScores, budget, threshold, profile });
        let done = measured.find((m) => sameChoice(m.choice, choice));
        if (!done) {
          const selection = selectionOfChoice({ results, unitScores, budget, threshold, choice });
          const fidelity = selectionFidelity({
            results,
            selection,
            memo: fidelityMemo,
            ...(scores.llm ? { extracts: scores.llm.extracts } : {}),
          });
          const q: Parameters<typeof computeQueryMetrics>[0] = { selection, evidence: example.evidence, fidelity };
          if (example.answers) q.answers = example.answers;
          if (example.categories) q.categories = example.categories;
          if (tokenMap) q.tokenScores = tokenMap;
          if (agreement) q.agreement = agreement;
          done = { choice, fidelity, qm: computeQueryMetrics(q) };
          measured.push(done);
        }
        const { fidelity, qm } = done;
        if (fidelity.violations.length > 0 && fidelityViolations.length < MAX_FIDELITY_REPORTS) {
          fidelityViolations.push({
            query: example.id,
            method: method.name,
            setting,
            violations: fidelity.violations.map(({ resultId, kind, message, output }) => ({
              resultId,
              kind,
              message,
              ...(output ? { output } : {}),
            })),
          });
        }
        metrics[m]![s]!.push(qm);
        opts.onQueryMetrics?.({ example, method: method.name, setting, metrics: qm });
      }
    }
    await opts.onProgress?.({ done: i + 1, total: opts.examples.length });
  }

  const rows: EvalRow[] = [];
  for (const [m, method] of opts.methods.entries()) {
    for (const [s, setting] of settings.entries()) {
      rows.push({ method: method.name, [setting.key]: setting.value, ...summarizeQueryMetrics(metrics[m]![s]!) });
    }
  }
  const methods: Record<string, MethodCost> = Object.fromEntries(opts.methods.map((method, m) => [method.name, summarizeMethodCost(costs[m]!)]));
  return {
    dataset: opts.dataset,
    queries: opts.examples.length,
    results: rows,
    ...(opts.reportCosts ? { methods } : {}),
    ...(fidelityViolations.length > 0 ? { fidelityViolations } : {}),
  };
}

/** An example's results canonicalised and cut into units as runEval does by default. */
export function prepareEvalResults(example: EvalExample, opts: Pick<RunEvalOptions, "encoding" | "fragmentSize" | "locale"> = {}): PreparedResult[] {
  return example.results.map(({ locale, ...r }) =>
    prepareResult({
      ...r,
      ...(opts.encoding !== undefined ? { encoding: opts.encoding } : {}),
      ...(opts.fragmentSize !== undefined ? { fragmentSize: opts.fragmentSize } : {}),
      ...((locale ?? opts.locale) !== undefined ? { locale: locale ?? opts.locale } : {}),
    }),
  );
}
