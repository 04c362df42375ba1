import "server-only";
import { performance } from "node:perf_hooks";
import type { Method } from "@/lib/engine/method";
import type { StoredUnits } from "@/lib/engine/prepare-key";
import type { SelectionProfile } from "@/lib/engine/profile";
import { selectWithProfile, unitScoresOf } from "@/lib/engine/select-with-profile";
import type { PreparedResult, Selection } from "@/lib/engine/types";
import { type CategoryInterval, type CategorySource, type CategoryTokens, categoryTokensOfSelection } from "@/lib/eval/category-breakdown";
import type { CategoryBreakdown } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { type EvalPair, type EvalPairDocumentHead, type EvalPairHead, listEvalPairs } from "../db/research/list-eval-pairs";
import { storedResultsOfPairs } from "./eval-examples";
import { loadStoredPairUnits, loadUnitScores, type PairUnitScores, type StoredPairUnits } from "./load-unit-scores";
import { preloadStoredResults, storedUnitsKey } from "./prepared-results-cache";

// A category breakdown's counting (computeCategoryBreakdown decides what to count and adds the figures up): each
// pair's categories, the method's selection and the category tokens of both, from stored unit scores when every
// document has them, else from the texts and the models' token probabilities.

/** Where a pair's categories come from: its gold spans, its judge suggestions, the model's category head, or none. */
export const PAIR_SOURCES = ["gold", "judge", "model", "none"] as const;

export type PairSource = (typeof PAIR_SOURCES)[number];

export type CountContext = {
  method: Method;
  setting: CategoryBreakdown["setting"];
  budget: number;
  categoryModel: string | null;
  prepareOptions: { encoding?: string };
  profileOf: (modelName: string) => SelectionProfile;
  deferSimilarity: boolean;
  db?: Db;
};

/** A pair counted: where its categories came from, the categories, the method's selection and its category tokens. */
export type Counted = {
  pair: EvalPairHead;
  source: CategorySource | "none";
  intervals: CategoryInterval[][];
  selection: Selection;
  tokens: CategoryTokens;
};

/**
 * The pairs' category tokens the straightforward way (in pair order; `unscored`: a model's pairs without fresh
 * scores). Each pair's figures depend on that pair alone, so any subset counts each pair as the whole set would.
 */
export async function countPairs(
  pairs: readonly EvalPairHead[],
  { method, setting, budget, categoryModel, prepareOptions, profileOf, deferSimilarity, db }: CountContext,
): Promise<{ counted: Counted[]; unscored: string[]; pending: string[]; loadMs: number; computeMs: number }> {
  if (pairs.length === 0) return { counted: [], unscored: [], pending: [], loadMs: 0, computeMs: 0 };
  const t0 = performance.now();
  const needsCategories = (p: EvalPairHead) => categoryModel !== null && p.gold.length === 0 && p.judge.length === 0;
  // 1. Pairs whose every document has the model's stored unit scores (and the category model's intervals where the
  // pair has no labels) for its current inputs: their units and scores in one read per chunk of pairs, no texts.
  const stored = new Map<string, StoredPairUnits & { predicted: PairUnitScores["categories"] | undefined }>();
  if (method.modelName) {
    const unitsKeys = pairs.map((p) => p.documents.map((d) => storedUnitsKey(d.lang ? { locale: d.lang } : {}, prepareOptions)));
    const storedOf = async (indices: readonly number[], modelName: string) =>
      (
        await loadStoredPairUnits({
          pairs: indices.map((i) => pairs[i]!),
          unitsKeys: indices.map((i) => unitsKeys[i]!),
          modelName,
          profile: profileOf(modelName),
          ...(db ? { db } : {}),
        })
      ).stored;
    const fromModel = await storedOf(
      pairs.map((_, i) => i),
      method.modelName,
    );
    const otherCategories =
      categoryModel && categoryModel !== method.modelName
        ? await storedOf(
            pairs.flatMap((p, i) => (needsCategories(p) && fromModel.has(p.id) ? [i] : [])),
            categoryModel,
          )
        : null;
    for (const p of pairs) {
      const s = fromModel.get(p.id);
      if (!s) continue;
      if (!needsCategories(p)) stored.set(p.id, { ...s, predicted: undefined });
      else if (!otherCategories) stored.set(p.id, { ...s, predicted: s.categories });
      else if (otherCategories.has(p.id)) stored.set(p.id, { ...s, predicted: otherCategories.get(p.id)!.categories });
    }
  }

  // 2. The others with their texts: every document's units (DocumentUnits after a restart), then the models' unit
  // scores and category intervals for exactly those units (ModelRunUnits after a restart, else from the tokens).
  const full: EvalPair[] =
    stored.size === pairs.length
      ? []
      : await listEvalPairs({ pairIds: pairs.filter((p) => !stored.has(p.id)).map((p) => p.id), withJudge: true, ...(db ? { db } : {}) });
  const fullIndex = new Map(full.map((p, i) => [p.id, i]));
  const resultSets = storedResultsOfPairs(full);
  const { prepared } = await preloadStoredResults(
    resultSets.map((results) => ({ results })),
    { ...prepareOptions, ...(db ? { db } : {}) },
  );
  const fullKeys = resultSets.map((results) => results.map((r) => storedUnitsKey(r, prepareOptions)));
  const pending = new Set<string>();
  const loadModelScores = async (indices: readonly number[], modelName: string) => {
    const loaded = await loadUnitScores({
      pairs: indices.map((i) => full[i]!),
      results: indices.map((i) => prepared[i]!),
      unitsKeys: indices.map((i) => fullKeys[i]!),
      modelName,
      profile: profileOf(modelName),
      computeSimilarity: !deferSimilarity,
      ...(db ? { db } : {}),
    });
    for (const id of loaded.pending) pending.add(id);
    return loaded.scores;
  };
  const everyPair = full.map((_, i) => i);
  const modelScores = method.modelName ? await loadModelScores(everyPair, method.modelName) : null;
  const needCategories = everyPair.filter((i) => needsCategories(full[i]!));
  const categoryScores =
    categoryModel && needCategories.length > 0
      ? categoryModel === method.modelName
        ? modelScores!
        : await loadModelScores(needCategories, categoryModel)
      : new Map<string, PairUnitScores>();
  const loadMs = performance.now() - t0;

  const t1 = performance.now();
  const select = (results: readonly PreparedResult[], unitScores: number[][]) =>
    selectWithProfile({ results, unitScores, budget, threshold: setting.threshold, profile: method.profile });
  const unscored: string[] = [];
  const counted: Counted[] = [];
  const withoutText = new Map<string, { at: number; units: StoredUnits[]; unitScores: number[][] }>();
  for (const pair of pairs) {
    const s = stored.get(pair.id);
    let results: PreparedResult[];
    let unitScores: number[][];
    let predicted: PairUnitScores["categories"] | undefined;
    if (s) {
      results = resultsWithoutText(pair, s.units);
      unitScores = s.unitScores;
      predicted = s.predicted;
    } else {
      const f = fullIndex.get(pair.id);
      // Deleted since the first read: left out, as a pair created since is; waiting for its similarities: left out.
      if (f === undefined || pending.has(pair.id)) continue;
      results = prepared[f]!;
      if (modelScores) {
        const scored = modelScores.get(pair.id);
        if (!scored) {
          unscored.push(pair.id);
          continue;
        }
        unitScores = scored.unitScores;
      } else {
        const evidence = await method.score({ query: pair.query, results, aggregation: "mean" });
        unitScores = unitScoresOf({ evidence, query: pair.query, results, profile: method.profile, aggregation: "mean" });
      }
      predicted = categoryScores.get(pair.id)?.categories;
    }
    const selection = select(results, unitScores);

    let source: CategorySource | "none" = "none";
    let intervals: CategoryInterval[][] = pair.documents.map(() => []);
    const fromSpans = (spans: EvalPair["gold"]) => pair.documents.map((d) => spans.filter((sp) => sp.documentId === d.id));
    if (pair.gold.length > 0) {
      source = "gold";
      intervals = fromSpans(pair.gold);
    } else if (pair.judge.length > 0) {
      source = "judge";
      intervals = fromSpans(pair.judge);
    } else if (predicted && predicted.every((c) => c !== null)) {
      source = "model";
      intervals = predicted as CategoryInterval[][];
    }
    // A unit cut to fit the budget is cut at a word boundary of its text: that pair is selected again with its texts.
    if (s && selection.truncated) withoutText.set(pair.id, { at: counted.length, units: s.units, unitScores: s.unitScores });
    counted.push({ pair, source, intervals, selection, tokens: categoryTokensOfSelection({ results, selection, categories: intervals }) });
  }
  if (withoutText.size > 0) {
    for (const p of await listEvalPairs({ pairIds: [...withoutText.keys()], ...(db ? { db } : {}) })) {
      const w = withoutText.get(p.id)!;
      const c = counted[w.at]!;
      const results = resultsWithText(p, w.units);
      c.selection = select(results, w.unitScores);
      c.tokens = categoryTokensOfSelection({ results, selection: c.selection, categories: c.intervals });
    }
  }

  return { counted, unscored, pending: [...pending], loadMs, computeMs: performance.now() - t1 };
}

/** Placeholder texts: one long string, sliced (V8 shares its characters), grown when a longer one is asked for. */
let blank = "";
function blankText(length: number): string {
  if (blank.length < length) blank = "x".repeat(Math.max(length, 2 * blank.length, 1 << 16));
  return blank.slice(0, length);
}

/**
 * A pair's prepared results from its stored units, with a placeholder text as long as its units reach: selection and
 * the category split read the units, their tokens and where they end, and the text only to cut a unit that alone
 * exceeds the budget (the placeholder, without a space, is cut wherever the real text could be, so such a selection
 * says `truncated`, and the pair is selected again with resultsWithText). Categories past the last unit end are
 * counted nowhere, so the shorter length changes no figure.
 */
function resultsWithoutText(pair: EvalPairHead, units: readonly StoredUnits[]): PreparedResult[] {
  return pair.documents.map((d, k) => {
    const u = units[k]!;
    let length = 0;
    for (const unit of u.units) if (unit.end > length) length = unit.end;
    return preparedOfStored(d, u, { text: blankText(length), blocks: [] });
  });
}

/** The same prepared results with the documents' texts. */
function resultsWithText(pair: EvalPair, units: readonly StoredUnits[]): PreparedResult[] {
  return pair.documents.map((d, k) =>
    preparedOfStored(d, units[k]!, {
      text: d.text,
      get blocks() {
        return d.blocks;
      },
    }),
  );
}

/** As preloadStoredResults builds a prepared result from its stored units. */
function preparedOfStored(d: EvalPairDocumentHead, u: StoredUnits, doc: PreparedResult["doc"]): PreparedResult {
  const prepared: PreparedResult = { id: d.id, doc, units: u.units, unitTokens: u.unitTokens, tokensIn: u.tokensIn };
  if (d.title !== null) prepared.title = d.title;
  if (d.url !== null) prepared.url = d.url;
  return prepared;
}
