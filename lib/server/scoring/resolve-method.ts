import "server-only";
import { AppError } from "../../errors";
import { API_METHODS, formatModelMethod, LLM_THRESHOLD, parseMethod, type Aggregation } from "../../engine/methods";
import { requireJudgeConfig } from "../judge/judge-config";
import type { ModelInfo } from "../../model/model-config";

/** What resolveMethod needs of a model (listModels()). */
export type ModelDefaults = Pick<ModelInfo, "name" | "default" | "threshold" | "fallbackFloor" | "floor" | "focusWeight" | "aggregation">;

export interface ResolvedMethod {
  /** "model:<name>", "bm25" or "lead": what getScorer receives and responses report as `model`. */
  method: string;
  /** The model's folder name (ModelRun.modelName); absent for baselines. */
  modelName?: string;
  /** Defaults when the request leaves threshold/aggregation out. */
  threshold: number;
  /** The model's calibrated best-unit fallback floor (baselines: the engine's floor). */
  fallbackFloor?: number;
  /** The model's calibrated selection floor (baselines: the engine's). */
  floor?: number;
  /** The model's focus-term weight (config `focusWeight`): cached probabilities are aggregated as the scorer does. */
  focusWeight?: number;
  aggregation: Aggregation;
  /** llm-extract or hybrid: calls the judge server. */
  llm?: boolean;
}

/** Baselines rank units without a calibrated probability, so they default to budget-only selection. */
const BASELINE_THRESHOLD = 0;

/**
 * Maps a request's method — "model" (the default model), "model:<name>", a bare model name, "bm25" or "lead" — to
 * the one model (or baseline) the request uses, with its defaults. Called once per request; unknown names →
 * NOT_FOUND listing what exists, no model installed → UNAVAILABLE.
 */
export function resolveMethod(requested: string, models: readonly ModelDefaults[]): ResolvedMethod {
  const parsed = parseMethod(requested);
  if (parsed.kind === "baseline") return { method: parsed.name, threshold: BASELINE_THRESHOLD, aggregation: "mean" };
  if (parsed.kind === "llm") {
    // Needs a judge server: UNAVAILABLE (503) naming the variables otherwise.
    requireJudgeConfig();
    const filter = parsed.name === "hybrid" && parsed.filter !== undefined ? parsed.filter : undefined;
    if (
      filter !== undefined &&
      filter !== "bm25" &&
      filter !== "model" &&
      !models.some((m) => filter === m.name || filter === formatModelMethod(m.name))
    ) {
      throw new AppError("NOT_FOUND", `unknown hybrid filter "${filter}": use bm25, model or model:<name>`);
    }
    return { method: filter !== undefined ? `hybrid:${filter}` : parsed.name, threshold: LLM_THRESHOLD, aggregation: "mean", llm: true };
  }
  let info: ModelDefaults | undefined;
  if (parsed.kind === "default-model") {
    info = models.find((m) => m.default) ?? models[0];
    if (!info) {
      throw new AppError("UNAVAILABLE", 'no token model is installed on this server; use "bm25" or "lead"', {
        models: [],
        methods: ["bm25", "lead"],
      });
    }
  } else {
    const name = parsed.kind === "model" || parsed.kind === "unknown" ? parsed.name : "oracle";
    info = models.find((m) => m.name === name);
  }
  if (!info) {
    const available = [...API_METHODS, ...models.map((m) => formatModelMethod(m.name)), "llm-extract", "hybrid"];
    throw new AppError("NOT_FOUND", `unknown model "${requested}"; available: ${available.join(", ")}`, {
      models: models.map((m) => m.name),
      methods: available,
    });
  }
  const resolved: ResolvedMethod = {
    method: formatModelMethod(info.name),
    modelName: info.name,
    threshold: info.threshold,
    aggregation: info.aggregation,
  };
  if (info.fallbackFloor !== undefined) resolved.fallbackFloor = info.fallbackFloor;
  if (info.floor !== undefined) resolved.floor = info.floor;
  if (info.focusWeight !== undefined) resolved.focusWeight = info.focusWeight;
  return resolved;
}
