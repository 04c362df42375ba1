import "server-only";
import { performance } from "node:perf_hooks";
import type { Method } from "../../engine/method";
import type { Aggregation } from "../../engine/methods";
import { selectWithProfile } from "../../engine/select-with-profile";
import type { LlmScoreInfo, PreparedResult, ScoreTimings, Selection, TokenScores, UnitScores } from "../../engine/types";
import { selectionFidelity } from "../../eval/selection-fidelity";
import type { CompressResponse, CompressResultOut } from "../../schemas/compress";
import { tokenScoresToJson } from "./token-scores-to-json";
import { roundMs } from "./round-ms";

export type ScoreResultSetOptions = {
  query: string;
  /** The result set, canonicalised and cut into units (prepareResult). */
  results: readonly PreparedResult[];
  /** The one method of this request (resolveMethod): its scorer and its selection profile. */
  method: Method;
  /** Downstream tokens for the whole result set. */
  budget: number;
  /** Default: the method's profile's. */
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
  const { profile } = method;
  const threshold = options.threshold ?? profile.threshold;
  const aggregation = options.aggregation ?? profile.aggregation;

  const t0 = performance.now();
  let unitScores: number[][];
  let tokenScores: readonly TokenScores[] | undefined;
  let similarity: number[][] | undefined;
  let scoreTimings: ScoreTimings | undefined;
  let llm: LlmScoreInfo | undefined;
  if (options.cachedTokenScores && method.cachedScorer) {
    // The model's own aggregation of its cached probabilities (the profile's focus weight included).
    ({ unitScores, tokenScores, similarity } = await method
      .cachedScorer(options.cachedTokenScores)
      .scoreUnits({ query, results: [...results], aggregation }));
  } else {
    const scorer = await method.scorer();
    const started = performance.now();
    const scored = await scorer.scoreUnits({ query, results: [...results], aggregation });
    await options.onScored?.(scored, performance.now() - started);
    unitScores = scored.unitScores;
    tokenScores = scored.tokenScores;
    similarity = scored.similarity;
    scoreTimings = scored.timings;
    llm = scored.llm;
  }
  const t1 = performance.now();

  const selection = selectWithProfile({ results, unitScores, budget, threshold, profile, countTokens: options.countTokens });
  const t2 = performance.now();

  const out: ScoredResultSet = {
    results: results.map((res, r) => toResultOut({ res, r, selection, unitScores, tokenScores, similarity, includeTokens })),
    tokensIn: selection.tokensIn,
    tokensOut: selection.tokensOut,
    model: method.id,
    threshold,
    budget,
    aggregation,
    profile,
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
  // Deprecated loose copies of the profile (one release, for clients that read them): the browser reads `profile`.
  if (profile.fallbackFloor !== undefined) out.fallbackFloor = profile.fallbackFloor;
  if (profile.floor !== undefined) out.floor = profile.floor;
  if (profile.focusWeight !== undefined) out.focusWeight = profile.focusWeight;
  // The browser re-aggregates token probabilities (include.tokens) with the focus terms of the query.
  if (profile.focusWeight !== undefined || profile.similarityWeight !== undefined || profile.searchRerank !== undefined) out.query = query;
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
  similarity: number[][] | undefined;
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
  const sims = o.similarity?.[r]?.length === res.units.length ? o.similarity[r] : undefined;
  item.units = res.units.map((u, i) => ({
    start: u.start,
    end: u.end,
    block: u.block,
    score: scores[i] ?? 0,
    tokens: res.unitTokens[i] ?? 0,
    ...(sims ? { similarity: sims[i] ?? 0 } : {}),
  }));
  const ts = o.tokenScores?.[r];
  if (ts) item.tokenScores = tokenScoresToJson(ts);
  return item;
}
