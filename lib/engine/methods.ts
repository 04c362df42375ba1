import { AppError } from "../errors";

// The vocabulary of a compression request, in one place and client-safe: the scoring methods and how their names are
// written, the aggregations of token scores, and the budget presets. Schemas, routes, the CLI and the forms import it.

/** How a unit's token probabilities become its score. */
export const AGGREGATIONS = ["mean", "max"] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Downstream-token budgets for a whole result set. */
export const PRESET_NAMES = ["low", "medium", "high"] as const;
export type Preset = (typeof PRESET_NAMES)[number];
export const PRESETS: Readonly<Record<Preset, number>> = { low: 1_000, medium: 4_000, high: 10_000 };
export const DEFAULT_PRESET: Preset = "medium";

export function isPreset(name: string): name is Preset {
  return Object.hasOwn(PRESETS, name);
}

/** An explicit budget wins over a preset; neither → the default preset. */
export function resolveBudget(opts: { preset?: string; budget?: number } = {}): number {
  if (opts.budget !== undefined) {
    if (!(opts.budget >= 0) || Number.isNaN(opts.budget)) {
      throw new AppError("BAD_REQUEST", `Budget must be a non-negative number, got ${opts.budget}`);
    }
    return opts.budget;
  }
  const preset = opts.preset ?? DEFAULT_PRESET;
  if (!isPreset(preset)) {
    throw new AppError("BAD_REQUEST", `Unknown preset "${preset}" (known: ${PRESET_NAMES.join(", ")})`);
  }
  return PRESETS[preset];
}

/** Baselines any request may name; "oracle" needs gold evidence and exists in evaluation only. */
export const BASELINES = ["bm25", "lead", "embedding"] as const;
export type Baseline = (typeof BASELINES)[number];
/** What the API's `model` field accepts besides "model:<name>". */
export const API_METHODS = ["model", ...BASELINES] as const;

const MODEL_PREFIX = "model:";

/** The method name of a token model: "model:<name>" (what scorers are called and responses say). */
export function formatModelMethod(name: string): string {
  return `${MODEL_PREFIX}${name}`;
}

/**
 * LLM compressors (docs/judge.md#llm-compressors): `llm-extract` (an LLM that may only extract, matched back to the
 * source) and `hybrid` (the default model — or BM25, or a named model: `hybrid:bm25`, `hybrid:<model>` — filters first,
 * then llm-extract runs on what passed). They need a judge server (SNIPPET_LAB_JUDGE_*).
 */
export const LLM_METHODS = ["llm-extract", "hybrid"] as const;
export type LlmMethod = (typeof LLM_METHODS)[number];
export const LLM_METHOD_LABELS: Readonly<Record<LlmMethod, string>> = {
  "llm-extract": "LLM extract (judge server)",
  hybrid: "Hybrid: model filter, then LLM extract",
};
/** The threshold LLM methods default to: a unit is kept when at least half of it was extracted. */
export const LLM_THRESHOLD = 0.5;

export type ParsedMethod =
  | { kind: "default-model" }
  | { kind: "model"; name: string }
  | { kind: "baseline"; name: Baseline }
  | { kind: "oracle" }
  | { kind: "llm"; name: "llm-extract" }
  | { kind: "llm"; name: "hybrid"; filter?: string };

/**
 * The one grammar of method names, as requests, the CLI, research views and stored runs write them: "model" (or
 * nothing) is the default model, "model:<name>" a token model, "bm25"/"lead" the baselines, "oracle" the
 * evaluation-only upper bound, "llm-extract", "hybrid", "hybrid:<filter>" the LLM methods. Any other name is a model's
 * name (resolveMethod says "Unknown method" when no model has it). Only resolveMethod (lib/server/scoring) turns a
 * name into a method; the browser reads the kind for its controls.
 */
export function parseMethod(method: string): ParsedMethod {
  const m = method.trim();
  if (m === "model" || m === "") return { kind: "default-model" };
  if ((BASELINES as readonly string[]).includes(m)) return { kind: "baseline", name: m as Baseline };
  if (m === "oracle") return { kind: "oracle" };
  if (m === "llm-extract") return { kind: "llm", name: "llm-extract" };
  if (m === "hybrid") return { kind: "llm", name: "hybrid" };
  if (m.startsWith("hybrid:") && m.length > 7) return { kind: "llm", name: "hybrid", filter: m.slice(7) };
  if (m.startsWith(MODEL_PREFIX)) return { kind: "model", name: m.slice(MODEL_PREFIX.length) };
  return { kind: "model", name: m };
}

export const BASELINE_LABELS: Readonly<Record<Baseline, string>> = {
  bm25: "BM25 (baseline)",
  lead: "Lead sentences (baseline)",
  embedding: "Word-vector similarity (baseline)",
};

/** The options of a method select: every model (the default one marked), then the baselines, then (with a judge server) the LLM methods. */
export function methodOptions(
  models: readonly { name: string; default: boolean }[],
  { llm = false }: { llm?: boolean } = {},
): { value: string; label: string }[] {
  return [
    ...models.map((m) => ({ value: formatModelMethod(m.name), label: `${m.name}${m.default ? " (default)" : ""}` })),
    ...BASELINES.map((b) => ({ value: b, label: BASELINE_LABELS[b] })),
    ...(llm ? LLM_METHODS.map((m) => ({ value: m, label: LLM_METHOD_LABELS[m] })) : []),
  ];
}
