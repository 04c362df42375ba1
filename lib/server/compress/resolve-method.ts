import { AppError } from "../../errors";
import type { Aggregation } from "../../engine/types";
import { API_METHODS } from "../../schemas/compress";

/** What resolveMethod needs of a model (ModelInfo from lib/server/model/list-models.ts). */
export interface ModelDefaults {
  name: string;
  default: boolean;
  threshold: number;
  fallbackFloor?: number;
  aggregation: Aggregation;
}

export interface ResolvedMethod {
  /** What getScorer receives: "model:<name>", "bm25" or "lead". */
  method: string;
  /** Defaults when the request leaves threshold/aggregation out. */
  threshold: number;
  /** The model's calibrated best-unit fallback floor (baselines: the engine's floor). */
  fallbackFloor?: number;
  aggregation: Aggregation;
}

/** Baselines rank units without a calibrated probability, so they default to budget-only selection. */
const BASELINE_THRESHOLD = 0;

/**
 * Maps the request's `model` field to a scorer method: "model" (the default model), "model:<name>",
 * a bare model name, "bm25" or "lead". Unknown names → NOT_FOUND listing what exists.
 */
export function resolveMethod(requested: string, models: readonly ModelDefaults[]): ResolvedMethod {
  if (requested === "bm25" || requested === "lead") {
    return { method: requested, threshold: BASELINE_THRESHOLD, aggregation: "mean" };
  }
  let info: ModelDefaults | undefined;
  if (requested === "model") {
    info = models.find((m) => m.default) ?? models[0];
    if (!info) {
      throw new AppError("UNAVAILABLE", 'no token model is installed on this server; use "bm25" or "lead"', {
        models: [],
        methods: ["bm25", "lead"],
      });
    }
  } else {
    const name = requested.startsWith("model:") ? requested.slice("model:".length) : requested;
    info = models.find((m) => m.name === name);
  }
  if (!info) {
    const available = [...API_METHODS, ...models.map((m) => `model:${m.name}`)];
    throw new AppError("NOT_FOUND", `unknown model "${requested}"; available: ${available.join(", ")}`, {
      models: models.map((m) => m.name),
      methods: available,
    });
  }
  const resolved: ResolvedMethod = { method: `model:${info.name}`, threshold: info.threshold, aggregation: info.aggregation };
  if (info.fallbackFloor !== undefined) resolved.fallbackFloor = info.fallbackFloor;
  return resolved;
}
