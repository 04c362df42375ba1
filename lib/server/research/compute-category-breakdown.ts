import "server-only";
import { performance } from "node:perf_hooks";
import { DEFAULT_PRESET, PRESETS } from "@/lib/engine/methods";
import { BASELINE_PROFILE } from "@/lib/engine/select-with-profile";
import { AppError } from "@/lib/errors";
import {
  addCategoryTokens,
  BREAKDOWN_CATEGORIES,
  type BreakdownCategory,
  type CategoryTokens,
  emptyCategoryTokens,
  summarizeCategoryTokens,
} from "@/lib/eval/category-breakdown";
import type { CategoriesQuery, CategoryBreakdown, CategoryBreakdownPart, CategoryPairView } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { type EvalPairDocument, type EvalPairHead, listEvalPairIds, listEvalPairs } from "../db/research/list-eval-pairs";
import { listPairBreakdownSums } from "../db/research/list-pair-breakdown-sums";
import { savePairBreakdownSums } from "../db/research/save-pair-breakdown-sums";
import { getEnv } from "../env";
import { listModels, readModelConfig } from "../model/list-models";
import { modelFingerprint } from "../pairs/model-fingerprint";
import { unitScoresKey } from "../scoring/unit-scores-key";
import { type CountContext, type Counted, countPairs, PAIR_SOURCES, type PairSource } from "./count-breakdown-pairs";
import { breakdownSumsKey, decodeSums, encodeSums } from "./pair-breakdown-sums";
import { storedUnitsKey } from "./prepared-results-cache";
import { resolveResearchMethods } from "./research-methods";

export type ComputeCategoryBreakdownOptions = {
  filters: Omit<CategoriesQuery, "format">;
  /** Also return the pairs behind one bar: the most tokens of that category first. */
  pairsOf?: { category: BreakdownCategory; limit: number };
  /**
   * The encoder's first-time work is left to a job: pairs whose model similarities are not stored yet are left out and
   * counted in `pending` (a page starts a unit-scores job for them and shows what is ready). Default: computed now.
   */
  deferSimilarity?: boolean;
  db?: Db;
};

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
    return readModelConfig(name).config.reader.io.categories !== undefined;
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
  deferSimilarity = false,
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
          threshold: method.profile.selection.threshold,
        };
  const budget = setting.kind === "preset" ? setting.budget : Infinity;
  const defaultModel = models.find((m) => m.default)?.name;
  const categoryModel =
    method.modelName && hasCategoryHead(method.modelName) ? method.modelName : defaultModel && hasCategoryHead(defaultModel) ? defaultModel : null;

  const domain = filters.domain?.replace(/^https?:\/\//, "").replace(/\/.*$/, "") || undefined;
  const listOptions = {
    withJudge: true,
    ...(filters.datasetId ? { datasetId: filters.datasetId } : {}),
    ...(filters.from ? { createdFrom: new Date(`${filters.from}T00:00:00.000Z`) } : {}),
    ...(filters.to ? { createdTo: new Date(`${filters.to}T23:59:59.999Z`) } : {}),
    ...(domain ? { urlContains: domain } : {}),
    ...(db ? { db } : {}),
  };
  const encoding = getEnv().downstreamEncoding;
  const prepareOptions = encoding ? { encoding } : {};
  // The model's own profile (the category model's too): its aggregation and focus weight.
  const profileOf = (modelName: string) => models.find((m) => m.name === modelName)?.profile ?? BASELINE_PROFILE;
  const context: CountContext = { method, setting, budget, categoryModel, prepareOptions, profileOf, deferSimilarity, ...(db ? { db } : {}) };
  const modelNames = [...new Set([method.modelName, categoryModel].filter((m): m is string => !!m))];
  const key = breakdownSumsKey({
    method: method.id,
    // Its selection settings (a model's unit stage is in `models`).
    selection: method.profile.selection,
    setting,
    categoryModel,
    // Each model's token probabilities (its reader and weights) and unit stage (its settings and similarity sources).
    models: modelNames.map((m) => [m, modelFingerprint(m), unitScoresKey(profileOf(m))]),
    units: storedUnitsKey({}, prepareOptions),
    relevanceScope: getEnv().relevanceScope,
  });

  // The pairs in order; with a domain their heads (the host is checked on their URLs), else only their ids.
  let heads: EvalPairHead[] | null = null;
  if (domain) heads = (await listEvalPairs({ ...listOptions, withText: false })).filter((p) => p.documents.some((d) => hostMatches(d.url, domain)));
  const ids = heads ? heads.map((p) => p.id) : await listEvalPairIds(listOptions);
  // Each pair's stored sums where current (its labels and runs unchanged since), else its stamps now (one read per
  // chunk of pairs); only the others' heads are read, and they are counted.
  const known = await listPairBreakdownSums({ pairIds: ids, key, modelNames, ...(db ? { db } : {}) });
  const summed = new Map<string, { source: PairSource; tokens: CategoryTokens } | "unscored">();
  const stale: string[] = [];
  for (const id of ids) {
    const k = known.get(id);
    // Deleted since the first read: left out, as a pair created since is.
    if (!k) continue;
    const tokens = k.current ? (k.source === "unscored" ? "unscored" : decodeSums(k.sums)) : null;
    if (tokens === "unscored") summed.set(id, tokens);
    else if (k.current && tokens && (PAIR_SOURCES as readonly string[]).includes(k.source))
      summed.set(id, { source: k.source as PairSource, tokens });
    else stale.push(id);
  }
  const staleHeads =
    stale.length === 0
      ? []
      : heads
        ? heads.filter((p) => !summed.has(p.id))
        : await listEvalPairs({ pairIds: stale, withJudge: true, withText: false, ...(db ? { db } : {}) });
  const loadMs = performance.now() - t0;

  const fresh = await countPairs(staleHeads, context);
  // Stored with the stamps read before counting: a label or run saved meanwhile leaves the row stale, never wrong.
  // Pending pairs (their similarities left to a job) are neither counted nor stored.
  const rows = [
    ...fresh.counted.map((c) => ({ pairId: c.pair.id, source: c.source as string, sums: encodeSums(c.tokens) })),
    ...fresh.unscored.map((pairId) => ({ pairId, source: "unscored", sums: "" })),
  ].flatMap((r) => {
    const k = known.get(r.pairId);
    return k && !k.current ? [{ ...r, key, inputKey: k.inputKey, runs: k.runs }] : [];
  });
  if (rows.length > 0)
    await savePairBreakdownSums({ rows, ...(db ? { db } : {}) }).catch((e: unknown) =>
      console.warn(`[research] could not store breakdown sums (counted again next time): ${(e as Error)?.message ?? e}`),
    );

  const t1 = performance.now();
  const countedOf = new Map(fresh.counted.map((c) => [c.pair.id, c]));
  const unscoredNow = new Set(fresh.unscored);
  const all = emptyCategoryTokens();
  const bySource = Object.fromEntries(PAIR_SOURCES.map((s) => [s, { tokens: emptyCategoryTokens(), pairs: 0 }])) as Record<
    PairSource,
    { tokens: CategoryTokens; pairs: number }
  >;
  const wanted = pairsOf ? BREAKDOWN_CATEGORIES.indexOf(pairsOf.category) : -1;
  const candidates: { id: string; source: PairSource; tokensIn: number; tokensOut: number; counted?: Counted }[] = [];
  let unscored = 0;
  let pairCount = 0;
  // Added in pair order, as one pass would: sums of floating-point numbers depend on their order (so the stored sums
  // are added here, not by the database).
  for (const id of ids) {
    const s = summed.get(id);
    if (s === "unscored" || unscoredNow.has(id)) {
      unscored++;
      continue;
    }
    const c = countedOf.get(id);
    const one = s ?? c;
    if (!one) continue;
    const { source, tokens } = one;
    pairCount++;
    addCategoryTokens(all, tokens);
    addCategoryTokens(bySource[source].tokens, tokens);
    bySource[source].pairs++;
    if (wanted >= 0 && tokens.tokensIn[wanted]! > 0)
      candidates.push({ id, source, tokensIn: tokens.tokensIn[wanted]!, tokensOut: tokens.tokensOut[wanted]!, ...(c ? { counted: c } : {}) });
  }

  const part = (t: CategoryTokens, n: number): CategoryBreakdownPart => ({ pairs: n, ...summarizeCategoryTokens(t) });
  const breakdown: CategoryBreakdown = {
    filters: { ...filters, ...(domain ? { domain } : {}) },
    method: method.id,
    setting,
    categoryModel,
    pairs: pairCount,
    unscored,
    ...(fresh.pending.length > 0 ? { pending: fresh.pending.length } : {}),
    all: part(all, pairCount),
    bySource: Object.fromEntries(PAIR_SOURCES.map((s) => [s, part(bySource[s].tokens, bySource[s].pairs)])) as CategoryBreakdown["bySource"],
    timings: { loadMs: Math.round(loadMs + fresh.loadMs), computeMs: Math.round(performance.now() - t1 + fresh.computeMs) },
  };

  const shown = candidates.sort((a, b) => b.tokensIn - a.tokensIn || (a.id < b.id ? -1 : 1)).slice(0, pairsOf?.limit ?? 0);
  // The pairs shown from stored sums are counted again for their categories and kept spans (a few pairs).
  const again = shown.filter((c) => !c.counted).map((c) => c.id);
  if (again.length > 0) {
    const againHeads = await listEvalPairs({ pairIds: again, withJudge: true, withText: false, ...(db ? { db } : {}) });
    const recounted = new Map((await countPairs(againHeads, context)).counted.map((c) => [c.pair.id, c]));
    for (const c of shown) c.counted ??= recounted.get(c.id);
  }
  const detailed = shown.flatMap((c) => (c.counted ? [{ ...c, counted: c.counted }] : []));
  // The texts of the pairs shown (a breakdown from stored unit scores read none).
  const texts = new Map<string, string>();
  const textless = detailed.filter((c) => c.counted.pair.documents.some((d) => !("text" in d))).map((c) => c.id);
  if (textless.length > 0)
    for (const p of await listEvalPairs({ pairIds: textless, ...(db ? { db } : {}) })) for (const d of p.documents) texts.set(d.id, d.text);
  const views: CategoryPairView[] = detailed
    .filter((c) => c.counted.pair.documents.every((d) => "text" in d || texts.has(d.id)))
    .map(({ source, tokensIn, tokensOut, counted: { pair, intervals, selection } }) => ({
      pairId: pair.id,
      query: pair.query,
      source,
      tokensIn,
      tokensOut,
      documents: pair.documents.map((d, k) => ({
        documentId: d.id,
        title: d.title,
        text: "text" in d ? (d as EvalPairDocument).text : texts.get(d.id)!,
        categories: (intervals[k] ?? []).map((s) => ({ start: s.start, end: s.end, category: s.category })),
        kept: selection.results[k]?.spans.map((sp) => ({ start: sp.start, end: sp.end })) ?? [],
      })),
    }));
  return { breakdown, pairs: views };
}
