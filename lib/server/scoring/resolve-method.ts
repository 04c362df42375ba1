import "server-only";
import { AppError } from "../../errors";
import { createEmbeddingScorer } from "../../embeddings/create-embedding-scorer";
import type { Method, MethodScoreInput } from "../../engine/method";
import { API_METHODS, BASELINE_LABELS, formatModelMethod, LLM_METHOD_LABELS, parseMethod, type Baseline } from "../../engine/methods";
import { createBm25Scorer } from "../../engine/scorers/bm25";
import { createLeadScorer } from "../../engine/scorers/lead";
import { BASELINE_PROFILE, LLM_PROFILE, unitScoresOf } from "../../engine/select-with-profile";
import type { Evidence, Scorer, TokenScorer } from "../../engine/types";
import { countSimilarityParts } from "../../features/split-sections";
import type { ModelInfo } from "../../model/model-config";
import { getDb } from "../db/client";
import { loadWordVectors } from "../embeddings/load-word-vectors";
import { cachedResultSimilarity } from "../embeddings/stored-result-similarity";
import { requireJudgeConfig } from "../judge/judge-config";
import { createLlmScorer, HYBRID_BM25_THRESHOLD } from "../llm/create-llm-scorer";
import { getLlmClient } from "../llm/get-llm-client";
import { createModelScorer } from "../model/create-model-scorer";
import { loadModel } from "../model/load-model";

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
 * "model:<name>" or a bare name a token model, "bm25"/"lead"/"embedding" the baselines, "llm-extract", "hybrid",
 * "hybrid:<filter>", and in evaluation "oracle") → a method object with its profile and its scorer (created on first
 * use: model sessions once per process, loadModel; an LLM client per settings, getLlmClient). Unknown names →
 * NOT_FOUND listing what exists; "model" with no model installed → UNAVAILABLE; an LLM method without a judge server
 * → UNAVAILABLE (unless `requireJudge: false`).
 */
export function resolveMethod(requested: string, models: readonly ModelDefaults[], options: ResolveMethodOptions = {}): Method {
  const parsed = parseMethod(requested);
  if (parsed.kind === "baseline") {
    const name = parsed.name;
    return unitMethod({ id: name, label: BASELINE_LABELS[name], kind: "baseline", profile: BASELINE_PROFILE }, async () => baselineScorer(name));
  }
  if (parsed.kind === "oracle" && options.oracle) {
    const needsGold = () => Promise.reject(new AppError("BAD_REQUEST", "the oracle method needs gold evidence and is only available in evaluation"));
    return { id: "oracle", label: ORACLE_LABEL, kind: "oracle", profile: BASELINE_PROFILE, scorer: needsGold, score: needsGold };
  }
  if (parsed.kind === "llm") {
    // Needs a judge server: UNAVAILABLE (503) naming the variables otherwise.
    if (options.requireJudge !== false) requireJudgeConfig();
    if (parsed.name === "llm-extract") {
      return unitMethod({ id: parsed.name, label: LLM_METHOD_LABELS[parsed.name], kind: "llm", profile: LLM_PROFILE }, async () =>
        createLlmScorer({ ...llmClient(), cache: { db: getDb() } }),
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
    // The filter's units pass on its unit scores: a model's through the unit stage, at its own threshold.
    const filterScorer: Scorer = {
      name: filter.id,
      async scoreUnits({ query, results, aggregation }) {
        const evidence = await filter.score({ query, results, aggregation });
        return { unitScores: unitScoresOf({ evidence, query, results, profile: filter.profile, aggregation }) };
      },
    };
    const threshold = filter.kind === "model" ? filter.profile.selection.threshold : HYBRID_BM25_THRESHOLD;
    return unitMethod(
      { id: parsed.filter !== undefined ? `hybrid:${parsed.filter}` : "hybrid", label, kind: "llm", profile: LLM_PROFILE },
      async () => createLlmScorer({ ...llmClient(), cache: { db: getDb() }, filter: { scorer: filterScorer, threshold, name: filter.id } }),
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
  return modelMethod(info);
}

/** A baseline's scorer (BM25 exists once: lib/engine/scorers/bm25.ts; the embedding baseline reads the shipped vectors). */
function baselineScorer(name: Baseline): Scorer {
  if (name === "embedding") return createEmbeddingScorer({ vectors: loadWordVectors() });
  return name === "bm25" ? createBm25Scorer() : createLeadScorer();
}

// The process's client for the settings (getLlmClient): its limiter caps the requests in flight across requests.
function llmClient() {
  const config = requireJudgeConfig();
  return { client: getLlmClient(config), chunkChars: config.chunkChars };
}

/** A method whose scorer gives unit scores, created on first use, then shared. */
function unitMethod(method: Omit<Method, "scorer" | "score">, create: () => Promise<Scorer>): Method {
  let scorer: Promise<Scorer> | undefined;
  const scorerOnce = () => (scorer ??= create());
  return {
    ...method,
    scorer: scorerOnce,
    async score({ query, results, aggregation }: MethodScoreInput): Promise<Evidence> {
      return (await scorerOnce()).scoreUnits({ query, results: [...results], aggregation: aggregation ?? method.profile.units.aggregation });
    },
  };
}

/**
 * A token model: its evidence from the model (sessions loaded on first use), or from cached probabilities with the
 * similarity stored or remembered for them (research views and the workspace ensure it first), else computed — so a
 * cached run selects exactly what a fresh one does.
 */
function modelMethod(model: ModelDefaults): Method {
  const id = formatModelMethod(model.name);
  const { profile } = model;
  let scorer: Promise<TokenScorer> | undefined;
  const scorerOnce = () => (scorer ??= loadModel({ name: model.name }).then((loaded) => createModelScorer({ model: loaded, profile })));
  return {
    id,
    label: `${model.name}${model.default ? " (default)" : ""}`,
    kind: "model",
    modelName: model.name,
    profile,
    scorer: scorerOnce,
    async score({ query, results, cached }: MethodScoreInput): Promise<Evidence> {
      if (!cached) return (await scorerOnce()).scoreTokens({ query, results });
      const parts = countSimilarityParts(query, results);
      const similarity = await cachedResultSimilarity(profile, query, results, parts);
      return { tokenScores: [...cached], ...(similarity ? { similarity } : {}), parts };
    },
  };
}
