import "server-only";
import { performance } from "node:perf_hooks";
import { aggregateResultScores } from "../../engine/aggregate-token-scores";
import type { Aggregation } from "../../engine/methods";
import { selectionFloors, selectSpans } from "../../engine/select-spans";
import type { LlmScoreInfo, PreparedResult, ScoreTimings, Selection, TokenScores, UnitScores } from "../../engine/types";
import { selectionFidelity } from "../../eval/selection-fidelity";
import type { CompressResponse, CompressResultOut } from "../../schemas/compress";
import { getScorer } from "../get-scorer";
import type { ResolvedMethod } from "./resolve-method";
import { tokenScoresToJson } from "./token-scores-to-json";
import { roundMs } from "./round-ms";

export type ScoreResultSetOptions = {
  query: string;
  /** The result set, canonicalised and cut into units (prepareResult). */
  results: readonly PreparedResult[];
  /** The one model (or baseline) of this request: resolveMethod's answer. */
  method: ResolvedMethod;
  /** Downstream tokens for the whole result set. */
  budget: number;
  /** Default: the method's. */
  threshold?: number;
  aggregation?: Aggregation;
  /** Exact downstream counter for cutting an over-long fallback unit (else estimated). */
  countTokens?: (text: string) => number;
  /**
   * Canonical text, blocks, units with their scores, token scores and title per result (the inspector and the
   * workspace draw them); without it only the selection.
   */
  includeTokens: boolean;
  /** Token probabilities of every result from a cache: no scorer is created (a model is not even loaded). */
  cachedTokenScores?: readonly TokenScores[];
  /** Fresh scores and the time the scorer took (to cache them); not called for cached scores. */
  onScored?: (scores: UnitScores, elapsedMs: number) => Promise<void>;
};

/** The response fields shared by POST /api/v1/compress and POST /api/v1/pairs/{id}/scores. */
export type ScoredResultSet = Omit<CompressResponse, "timings"> & {
  timings: Omit<CompressResponse["timings"], "prepareMs" | "totalMs">;
};

/**
 * The one scoring pipeline: score the units of every result (the method's scorer, or cached token probabilities
 * aggregated per unit), select spans (threshold, then one budget across the set), and shape the results. Offsets are
 * UTF-16 offsets into each result's canonical text, so `text.slice(start, end) === span.text`.
 */
export async function scoreResultSet(options: ScoreResultSetOptions): Promise<ScoredResultSet> {
  const { query, results, method, budget, includeTokens } = options;
  const threshold = options.threshold ?? method.threshold;
  const aggregation = options.aggregation ?? method.aggregation;

  const t0 = performance.now();
  let unitScores: number[][];
  let tokenScores: readonly TokenScores[] | undefined;
  let scoreTimings: ScoreTimings | undefined;
  let llm: LlmScoreInfo | undefined;
  if (options.cachedTokenScores) {
    tokenScores = options.cachedTokenScores;
    unitScores = results.map((result, i) =>
      aggregateResultScores({ query, result, tokenScores: tokenScores![i]!, aggregation, focusWeight: method.focusWeight }),
    );
  } else {
    const scorer = await getScorer(method.method);
    const started = performance.now();
    const scored = await scorer.scoreUnits({ query, results: [...results], aggregation });
    await options.onScored?.(scored, performance.now() - started);
    unitScores = scored.unitScores;
    tokenScores = scored.tokenScores;
    scoreTimings = scored.timings;
    llm = scored.llm;
  }
  const t1 = performance.now();

  const selection = selectSpans({
    results,
    unitScores,
    budget,
    threshold,
    ...selectionFloors(method),
    ...(options.countTokens ? { countTokens: options.countTokens } : {}),
  });
  const t2 = performance.now();

  const out: ScoredResultSet = {
    results: results.map((res, r) => toResultOut({ res, r, selection, unitScores, tokenScores, includeTokens })),
    tokensIn: selection.tokensIn,
    tokensOut: selection.tokensOut,
    model: method.method,
    threshold,
    budget,
    aggregation,
    offsets: "utf16-canonical",
    timings: {
      scoreMs: roundMs(t1 - t0),
      ...(scoreTimings
        ? {
            tokenizeMs: roundMs(scoreTimings.tokenizeMs),
            queueMs: roundMs(scoreTimings.queueMs),
            modelMs: roundMs(scoreTimings.modelMs),
            windows: scoreTimings.windows,
          }
        : {}),
      selectMs: roundMs(t2 - t1),
    },
  };
  if (method.fallbackFloor !== undefined) out.fallbackFloor = method.fallbackFloor;
  if (method.floor !== undefined) out.floor = method.floor;
  if (method.focusWeight !== undefined) {
    // The browser re-aggregates token probabilities (include.tokens) the same way: it needs the weight and the query.
    out.focusWeight = method.focusWeight;
    out.query = query;
  }
  if (selection.reason) out.reason = selection.reason;
  out.fidelity = selectionFidelity({ results, selection, ...(llm ? { extracts: llm.extracts } : {}) });
  if (llm) out.llm = llm;
  return out;
}

function toResultOut(o: {
  res: PreparedResult;
  r: number;
  selection: Selection;
  unitScores: number[][];
  tokenScores: readonly TokenScores[] | undefined;
  includeTokens: boolean;
}): CompressResultOut {
  const { res, r, selection } = o;
  const sel = selection.results[r];
  const item: CompressResultOut = {
    id: res.id,
    snippet: sel?.snippet ?? "",
    spans: sel?.spans ?? [],
    tokensIn: sel?.tokensIn ?? res.tokensIn,
    tokensOut: sel?.tokensOut ?? 0,
  };
  if (item.spans.length === 0) {
    item.reason = selection.reason ?? "no unit of this result passed the threshold within the shared budget";
  }
  if (!o.includeTokens) return item;
  const scores = o.unitScores[r] ?? [];
  item.text = res.doc.text;
  const title = res.title ?? res.doc.title;
  if (title !== undefined) item.title = title;
  item.blocks = res.doc.blocks.map((b) => ({ ...b }));
  item.units = res.units.map((u, i) => ({ start: u.start, end: u.end, block: u.block, score: scores[i] ?? 0, tokens: res.unitTokens[i] ?? 0 }));
  const ts = o.tokenScores?.[r];
  if (ts) item.tokenScores = tokenScoresToJson(ts);
  return item;
}
