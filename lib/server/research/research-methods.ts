import "server-only";
import { aggregateResultScores } from "@/lib/engine/aggregate-token-scores";
import { BASELINE_LABELS, formatModelMethod, LLM_METHOD_LABELS, LLM_THRESHOLD, parseMethod } from "@/lib/engine/methods";
import type { Scorer, TokenScores } from "@/lib/engine/types";
import { selectionFloors } from "@/lib/engine/select-spans";
import { AppError } from "@/lib/errors";
import { createBaselineMethod } from "@/lib/eval/baseline-methods";
import type { EvalMethod } from "@/lib/eval/run-eval";
import type { ModelInfo } from "@/lib/model/model-config";
import type { FrontierMethodInfo } from "@/lib/schemas/research";

/** A method of a research view: what the chart says about it, and how to score with it. */
export type ResearchMethod = {
  info: FrontierMethodInfo;
  /** The model folder (token models): its probabilities come from the ModelRun cache. */
  modelName?: string;
  /** The method's defaults, as the compress API applies them. */
  threshold: number;
  fallbackFloor?: number;
  floor?: number;
  /** Token models: the focus-term weight their scorer aggregates with (config `focusWeight`). */
  focusWeight?: number;
  /** llm-extract and hybrid: scored live through the judge server (its replies cached in JudgeCall). */
  llm?: boolean;
};

/**
 * Method names ("model:<name>", "model" for the default, "bm25", "lead", "oracle", and with a judge server
 * "llm-extract", "hybrid", "hybrid:<filter>") → research methods, in the order given. An unknown or unusable name
 * becomes a method with an `error` (the view says why it has no curve), not a failure of the whole view.
 */
export function resolveResearchMethods(
  names: readonly string[],
  models: readonly ModelInfo[],
  { judgeConfigured = false }: { judgeConfigured?: boolean } = {},
): ResearchMethod[] {
  return names.map((name): ResearchMethod => {
    const parsed = parseMethod(name, { bareModelNames: false });
    if (parsed.kind === "llm") {
      const label = parsed.name === "hybrid" && parsed.filter ? `Hybrid: ${parsed.filter} filter, then LLM extract` : LLM_METHOD_LABELS[parsed.name];
      const info: FrontierMethodInfo = { method: name, label, kind: "llm" };
      if (!judgeConfigured) info.error = "no LLM judge is configured (SNIPPET_LAB_JUDGE_BASE_URL and SNIPPET_LAB_JUDGE_MODEL)";
      return { info, threshold: LLM_THRESHOLD, llm: true };
    }
    if (parsed.kind === "baseline") return { info: { method: parsed.name, label: BASELINE_LABELS[parsed.name], kind: "baseline" }, threshold: 0 };
    if (parsed.kind === "oracle")
      return { info: { method: "oracle", label: "Oracle (upper bound: keeps the gold evidence)", kind: "baseline" }, threshold: 0 };
    const model =
      parsed.kind === "default-model"
        ? (models.find((m) => m.default) ?? models[0])
        : parsed.kind === "model"
          ? models.find((m) => m.name === parsed.name)
          : undefined;
    if (!model) {
      const error = parsed.kind === "unknown" ? `unknown method "${name}"` : `no such model installed (${name})`;
      return { info: { method: name, label: name, kind: parsed.kind === "unknown" ? "baseline" : "model", error }, threshold: 0 };
    }
    const info: FrontierMethodInfo = {
      method: formatModelMethod(model.name),
      label: `${model.name}${model.default ? " (default)" : ""}`,
      kind: "model",
      defaultThreshold: model.threshold,
    };
    return {
      info,
      modelName: model.name,
      threshold: model.threshold,
      ...selectionFloors(model),
      ...(model.focusWeight !== undefined ? { focusWeight: model.focusWeight } : {}),
    };
  });
}

/**
 * The eval method of a research method: baselines (and the oracle) as `snippet-lab eval` builds them; token models
 * from cached probabilities per pair (`scores`, keyed by pair id = example id), aggregated exactly as the model's own
 * scorer does, so the numbers equal a fresh run's.
 */
export function evalMethodOf(m: ResearchMethod, scores?: ReadonlyMap<string, readonly TokenScores[]>): EvalMethod {
  if (m.llm) {
    // One scorer for the whole sweep; a server that is down fails this method only (the sweep reports why).
    let scorer: Promise<Scorer> | undefined;
    return { name: m.info.method, createScorer: () => (scorer ??= import("../get-scorer").then(({ getScorer }) => getScorer(m.info.method))) };
  }
  if (!m.modelName) {
    const baseline = createBaselineMethod(m.info.method);
    if (!baseline) throw new AppError("BAD_REQUEST", m.info.error ?? `unknown method "${m.info.method}"`);
    return baseline;
  }
  const name = m.info.method;
  return {
    name,
    ...selectionFloors(m),
    createScorer(example) {
      const cached = scores?.get(example.id);
      if (!cached) throw new AppError("UNPROCESSABLE", `pair ${example.id} has no cached ${name} scores`);
      return {
        name,
        async scoreUnits({ query, results, aggregation }) {
          return {
            unitScores: results.map((result, i) =>
              aggregateResultScores({ query, result, tokenScores: cached[i]!, aggregation, focusWeight: m.focusWeight }),
            ),
            tokenScores: [...cached],
          };
        },
      };
    },
  };
}
