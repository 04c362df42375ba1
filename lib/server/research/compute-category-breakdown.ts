import "server-only";
import { performance } from "node:perf_hooks";
import { DEFAULT_PRESET, PRESETS } from "@/lib/engine/methods";
import { BASELINE_PROFILE, selectWithProfile } from "@/lib/engine/select-with-profile";
import { AppError } from "@/lib/errors";
import {
  addCategoryTokens,
  BREAKDOWN_CATEGORIES,
  type BreakdownCategory,
  type CategoryInterval,
  type CategorySource,
  type CategoryTokens,
  categoryTokensOfSelection,
  emptyCategoryTokens,
  summarizeCategoryTokens,
} from "@/lib/eval/category-breakdown";
import type { CategoriesQuery, CategoryBreakdown, CategoryBreakdownPart, CategoryPairView } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { type EvalPair, listEvalPairs } from "../db/research/list-eval-pairs";
import { getEnv } from "../env";
import { listModels, readModelConfig } from "../model/list-models";
import { storedResultsOfPairs } from "./eval-examples";
import { loadUnitScores, type PairUnitScores } from "./load-unit-scores";
import { preloadStoredResults, storedUnitsKey } from "./prepared-results-cache";
import { resolveResearchMethods } from "./research-methods";

export type ComputeCategoryBreakdownOptions = {
  filters: Omit<CategoriesQuery, "format">;
  /** Also return the pairs behind one bar: the most tokens of that category first. */
  pairsOf?: { category: BreakdownCategory; limit: number };
  db?: Db;
};

const PAIR_SOURCES = ["gold", "judge", "model", "none"] as const;

/** "example.org" matches example.org and www.example.org, not notexample.org. */
function hostMatches(url: string | null, domain: string): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

const hasCategoryHead = (name: string) => {
  try {
    return readModelConfig(name).config.io.categories !== undefined;
  } catch {
    return false;
  }
};

/**
 * The category breakdown of a set of pairs: per category, the downstream tokens of the uncompressed pages and of the
 * snippets the method keeps at the preset (at its default threshold) or at a threshold (no budget), with the change in
 * share. Each pair's categories come from its gold spans, else its LLM-judge suggestions, else the model's category
 * predictions (a model with a category head: the method's, else the default model), else none (unlabelled) — and the
 * figures are also given per source. Model probabilities come from the ModelRun cache (unscored pairs are counted and
 * left out); baselines score in memory.
 */
export async function computeCategoryBreakdown({
  filters,
  pairsOf,
  db,
}: ComputeCategoryBreakdownOptions): Promise<{ breakdown: CategoryBreakdown; pairs: CategoryPairView[] }> {
  const t0 = performance.now();
  const models = await listModels();
  const [resolved] = resolveResearchMethods([filters.method ?? "model"], models);
  const method = resolved?.method;
  if (!method || resolved.info.error) throw new AppError("NOT_FOUND", resolved?.info.error ?? "unknown method");
  if (method.kind === "oracle") throw new AppError("BAD_REQUEST", "the oracle needs gold evidence: use a model, bm25 or lead");
  // An LLM call per pair is not a dashboard query: the breakdown reads cached model scores or scores baselines in memory.
  if (method.kind === "llm")
    throw new AppError("BAD_REQUEST", "the category breakdown takes a model, bm25 or lead (LLM methods are compared on the frontier)");
  const setting: CategoryBreakdown["setting"] =
    filters.threshold !== undefined
      ? { kind: "threshold", threshold: filters.threshold }
      : {
          kind: "preset",
          preset: filters.preset ?? DEFAULT_PRESET,
          budget: PRESETS[filters.preset ?? DEFAULT_PRESET],
          threshold: method.profile.threshold,
        };
  const budget = setting.kind === "preset" ? setting.budget : Infinity;
  const defaultModel = models.find((m) => m.default)?.name;
  const categoryModel =
    method.modelName && hasCategoryHead(method.modelName) ? method.modelName : defaultModel && hasCategoryHead(defaultModel) ? defaultModel : null;

  const domain = filters.domain?.replace(/^https?:\/\//, "").replace(/\/.*$/, "") || undefined;
  let pairs: EvalPair[] = await listEvalPairs({
    withJudge: true,
    ...(filters.datasetId ? { datasetId: filters.datasetId } : {}),
    ...(filters.from ? { createdFrom: new Date(`${filters.from}T00:00:00.000Z`) } : {}),
    ...(filters.to ? { createdTo: new Date(`${filters.to}T23:59:59.999Z`) } : {}),
    ...(domain ? { urlContains: domain } : {}),
    ...(db ? { db } : {}),
  });
  if (domain) pairs = pairs.filter((p) => p.documents.some((d) => hostMatches(d.url, domain)));

  // Every document's units (DocumentUnits after a restart), then the models' unit scores and category intervals
  // for exactly those units (ModelRunUnits after a restart): a few bytes per document, not every token.
  const encoding = getEnv().downstreamEncoding;
  const prepareOptions = encoding ? { encoding } : {};
  const resultSets = storedResultsOfPairs(pairs);
  const { prepared } = await preloadStoredResults(
    resultSets.map((results) => ({ results })),
    { ...prepareOptions, ...(db ? { db } : {}) },
  );
  const unitsKeys = resultSets.map((results) => results.map((r) => storedUnitsKey(r, prepareOptions)));
  const unitScoresOf = async (indices: readonly number[], modelName: string) =>
    (
      await loadUnitScores({
        pairs: indices.map((i) => pairs[i]!),
        results: indices.map((i) => prepared[i]!),
        unitsKeys: indices.map((i) => unitsKeys[i]!),
        modelName,
        // The model's own profile (the category model's too): its aggregation and focus weight.
        profile: models.find((m) => m.name === modelName)?.profile ?? BASELINE_PROFILE,
        ...(db ? { db } : {}),
      })
    ).scores;
  const everyPair = pairs.map((_, i) => i);
  const modelScores = method.modelName ? await unitScoresOf(everyPair, method.modelName) : null;
  const needCategories = categoryModel ? everyPair.filter((i) => pairs[i]!.gold.length === 0 && pairs[i]!.judge.length === 0) : [];
  const categoryScores =
    categoryModel && needCategories.length > 0
      ? categoryModel === method.modelName
        ? modelScores!
        : await unitScoresOf(needCategories, categoryModel)
      : new Map<string, PairUnitScores>();
  const loadMs = performance.now() - t0;

  const t1 = performance.now();
  const baseline = method.modelName ? null : await method.scorer();
  const all = emptyCategoryTokens();
  const bySource = Object.fromEntries(PAIR_SOURCES.map((s) => [s, { tokens: emptyCategoryTokens(), pairs: 0 }])) as Record<
    (typeof PAIR_SOURCES)[number],
    { tokens: CategoryTokens; pairs: number }
  >;
  let counted = 0;
  let unscored = 0;
  const wanted = pairsOf ? BREAKDOWN_CATEGORIES.indexOf(pairsOf.category) : -1;
  const candidates: {
    pair: EvalPair;
    source: CategorySource | "none";
    tokensIn: number;
    tokensOut: number;
    intervals: CategoryInterval[][];
    kept: { start: number; end: number }[][];
  }[] = [];

  for (const [i, pair] of pairs.entries()) {
    const results = prepared[i]!;
    let unitScores: number[][];
    if (modelScores) {
      const scored = modelScores.get(pair.id);
      if (!scored) {
        unscored++;
        continue;
      }
      unitScores = scored.unitScores;
    } else {
      unitScores = (await baseline!.scoreUnits({ query: pair.query, results, aggregation: "mean" })).unitScores;
    }
    const selection = selectWithProfile({ results, unitScores, budget, threshold: setting.threshold, profile: method.profile });

    let source: CategorySource | "none" = "none";
    let intervals: CategoryInterval[][] = pair.documents.map(() => []);
    const fromSpans = (spans: EvalPair["gold"]) => pair.documents.map((d) => spans.filter((s) => s.documentId === d.id));
    if (pair.gold.length > 0) {
      source = "gold";
      intervals = fromSpans(pair.gold);
    } else if (pair.judge.length > 0) {
      source = "judge";
      intervals = fromSpans(pair.judge);
    } else {
      const predicted = categoryScores.get(pair.id)?.categories;
      if (predicted && predicted.every((c) => c !== null)) {
        source = "model";
        intervals = predicted as CategoryInterval[][];
      }
    }
    const tokens = categoryTokensOfSelection({ results, selection, categories: intervals });
    addCategoryTokens(all, tokens);
    addCategoryTokens(bySource[source].tokens, tokens);
    bySource[source].pairs++;
    counted++;
    if (wanted >= 0 && tokens.tokensIn[wanted]! > 0) {
      candidates.push({
        pair,
        source,
        tokensIn: tokens.tokensIn[wanted]!,
        tokensOut: tokens.tokensOut[wanted]!,
        intervals,
        kept: selection.results.map((r) => r.spans.map((s) => ({ start: s.start, end: s.end }))),
      });
    }
  }

  const part = (t: CategoryTokens, n: number): CategoryBreakdownPart => ({ pairs: n, ...summarizeCategoryTokens(t) });
  const breakdown: CategoryBreakdown = {
    filters: { ...filters, ...(domain ? { domain } : {}) },
    method: method.id,
    setting,
    categoryModel,
    pairs: counted,
    unscored,
    all: part(all, counted),
    bySource: Object.fromEntries(PAIR_SOURCES.map((s) => [s, part(bySource[s].tokens, bySource[s].pairs)])) as CategoryBreakdown["bySource"],
    timings: { loadMs: Math.round(loadMs), computeMs: Math.round(performance.now() - t1) },
  };

  const views: CategoryPairView[] = candidates
    .sort((a, b) => b.tokensIn - a.tokensIn || (a.pair.id < b.pair.id ? -1 : 1))
    .slice(0, pairsOf?.limit ?? 0)
    .map((c) => ({
      pairId: c.pair.id,
      query: c.pair.query,
      source: c.source,
      tokensIn: c.tokensIn,
      tokensOut: c.tokensOut,
      documents: c.pair.documents.map((d, k) => ({
        documentId: d.id,
        title: d.title,
        text: d.text,
        categories: (c.intervals[k] ?? []).map((s) => ({ start: s.start, end: s.end, category: s.category })),
        kept: c.kept[k] ?? [],
      })),
    }));
  return { breakdown, pairs: views };
}
