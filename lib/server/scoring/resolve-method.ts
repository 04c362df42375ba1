import "server-only";
import { AppError } from "../../errors";
import { API_METHODS, BASELINE_LABELS, formatModelMethod, LLM_METHOD_LABELS, parseMethod } from "../../engine/methods";
import { createCachedScorer } from "../../engine/scorers/cached";
import { BASELINE_PROFILE, LLM_PROFILE } from "../../engine/select-with-profile";
import type { Method } from "../../engine/method";
import type { Scorer } from "../../engine/types";
import type { ModelInfo } from "../../model/model-config";
import { cachedResultSimilarity } from "../embeddings/stored-result-similarity";
import { createScorer } from "../get-scorer";
import { requireJudgeConfig } from "../judge/judge-config";
import { HYBRID_BM25_THRESHOLD } from "../llm/create-llm-scorer";

/** What the resolver needs of a model (listModels()). */
export type ModelDefaults = Pick<ModelInfo, "name" | "default" | "profile">;

export interface ResolveMethodOptions {
  /** Evaluation (eval, dev sets, research views): "oracle" is a method; elsewhere it is unknown. */
  oracle?: boolean;
  /** false: an LLM method resolves without a judge server (research views report why it has no curve); default: UNAVAILABLE. */
  requireJudge?: boolean;
}

const ORACLE_LABEL = "Oracle (upper bound: keeps the gold evidence)";

/**
 * The one resolver of a method name (the grammar of `parseMethod`: "model" or nothing is the default model,
 * "model:<name>" or a bare name a token model, "bm25"/"lead" the baselines, "llm-extract", "hybrid", "hybrid:<filter>",
 * and in evaluation "oracle") → a method object. Unknown names → NOT_FOUND listing what exists; "model" with no model
 * installed → UNAVAILABLE; an LLM method without a judge server → UNAVAILABLE (unless `requireJudge: false`).
 */
export function resolveMethod(requested: string, models: readonly ModelDefaults[], options: ResolveMethodOptions = {}): Method {
  const parsed = parseMethod(requested);
  if (parsed.kind === "baseline") {
    const name = parsed.name;
    return withScorer({ id: name, label: BASELINE_LABELS[name], kind: "baseline", profile: BASELINE_PROFILE }, () =>
      createScorer({ kind: "baseline", name }),
    );
  }
  if (parsed.kind === "oracle" && options.oracle) {
    return {
      id: "oracle",
      label: ORACLE_LABEL,
      kind: "oracle",
      profile: BASELINE_PROFILE,
      scorer: () => Promise.reject(new AppError("BAD_REQUEST", "the oracle method needs gold evidence and is only available in evaluation")),
    };
  }
  if (parsed.kind === "llm") {
    // Needs a judge server: UNAVAILABLE (503) naming the variables otherwise.
    if (options.requireJudge !== false) requireJudgeConfig();
    if (parsed.name === "llm-extract") {
      return withScorer({ id: parsed.name, label: LLM_METHOD_LABELS[parsed.name], kind: "llm", profile: LLM_PROFILE }, () =>
        createScorer({ kind: "llm-extract" }),
      );
    }
    const filterName = parsed.filter ?? (models.length > 0 ? "model" : "bm25");
    const filterKind = parseMethod(filterName).kind;
    if (
      filterName !== "bm25" &&
      filterKind !== "default-model" &&
      !models.some((m) => filterName === m.name || filterName === formatModelMethod(m.name))
    ) {
      throw new AppError("NOT_FOUND", `unknown hybrid filter "${filterName}": use bm25, model or model:<name>`);
    }
    const filter = resolveMethod(filterName, models);
    const label = parsed.filter !== undefined ? `Hybrid: ${parsed.filter} filter, then LLM extract` : LLM_METHOD_LABELS.hybrid;
    return withScorer({ id: parsed.filter !== undefined ? `hybrid:${parsed.filter}` : "hybrid", label, kind: "llm", profile: LLM_PROFILE }, () =>
      createScorer({
        kind: "hybrid",
        filter: { id: filter.id, scorer: filter.scorer, threshold: filter.kind === "model" ? filter.profile.threshold : HYBRID_BM25_THRESHOLD },
      }),
    );
  }
  let info: ModelDefaults | undefined;
  if (parsed.kind === "default-model") {
    info = models.find((m) => m.default) ?? models[0];
    if (!info) {
      throw new AppError("UNAVAILABLE", 'no token model is installed on this server; use "bm25", "lead" or "embedding"', {
        models: [],
        methods: ["bm25", "lead", "embedding"],
      });
    }
  } else if (parsed.kind === "model") {
    const name = parsed.name;
    info = models.find((m) => m.name === name);
  }
  if (!info) {
    const available = [
      ...API_METHODS,
      ...models.map((m) => formatModelMethod(m.name)),
      "llm-extract",
      "hybrid",
      ...(options.oracle ? ["oracle"] : []),
    ];
    throw new AppError("NOT_FOUND", `Unknown method "${requested}"; available: ${available.join(", ")}`, {
      models: models.map((m) => m.name),
      methods: available,
    });
  }
  const model = info;
  const id = formatModelMethod(model.name);
  return {
    ...withScorer({ id, label: `${model.name}${model.default ? " (default)" : ""}`, kind: "model", profile: model.profile }, () =>
      createScorer({ kind: "model", modelName: model.name }),
    ),
    modelName: model.name,
    cachedScorer: (tokenScores) =>
      createCachedScorer({
        name: id,
        profile: model.profile,
        tokenScores,
        // Stored or remembered (research views and the workspace ensure them first), else computed.
        similarity: (query, results, parts) => cachedResultSimilarity(model.profile, query, results, parts),
      }),
  };
}

/** The method with its scorer created on first use, then shared. */
function withScorer(method: Omit<Method, "scorer">, create: () => Promise<Scorer>): Method {
  let scorer: Promise<Scorer> | undefined;
  return { ...method, scorer: () => (scorer ??= create()) };
}
