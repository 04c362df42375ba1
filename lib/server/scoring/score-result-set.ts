import "server-only";
import { performance } from "node:perf_hooks";
import type { Method } from "../../engine/method";
import type { Aggregation } from "../../engine/methods";
import type { SelectionProfile } from "../../engine/profile";
import { selectionFidelity } from "../../engine/fidelity/selection-fidelity";
import { selectWithProfile, unitScoresOf } from "../../engine/select-with-profile";
import type { PreparedResult, Selection, TokenScores, UnitScores } from "../../engine/types";
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
  /** Fresh scores (with the evidence they came from) and the time the scorer took, to cache them; not called for cached scores. */
  onScored?: (scores: UnitScores, elapsedMs: number) => Promise<void>;
};

/**
 * The response fields shared by POST /api/v1/compress and POST /api/v1/pairs/{id}/scores, with the profile as the
 * code holds it (grouped by stage): toCompressResponse gives them API 1.x's shape.
 */
export type ScoredResultSet = Omit<CompressResponse, "timings" | "profile" | "fallbackFloor" | "floor" | "focusWeight" | "query"> & {
  profile: SelectionProfile;
  timings: Omit<CompressResponse["timings"], "prepareMs" | "totalMs">;
};

/**
 * The one scoring pipeline: the method's evidence (its scorer's, or cached token probabilities), its unit scores
 * (the unit stage, once: unitScoresOf), the selection (threshold, then one budget across the set), and the results
 * shaped. Offsets are UTF-16 offsets into each result's canonical text, so `text.slice(start, end) === span.text`.
 */
export async function scoreResultSet(options: ScoreResultSetOptions): Promise<ScoredResultSet> {
  const { query, results, method, budget, includeTokens } = options;
  const { profile } = method;
  const threshold = options.threshold ?? profile.selection.threshold;
  const aggregation = options.aggregation ?? profile.units.aggregation;

  const t0 = performance.now();
  const cached = method.kind === "model" ? options.cachedTokenScores : undefined;
  // The scorer is created (a model loaded) before the clock of a stored run's duration starts.
  if (!cached) await method.scorer();
  const started = performance.now();
  const evidence = await method.score({ query, results, aggregation, cached });
  const scoreMs = performance.now() - started;
  const unitScores = unitScoresOf({ evidence, query, results, profile, aggregation });
  const scored: UnitScores = "unitScores" in evidence ? evidence : { ...evidence, unitScores };
  if (!cached) await options.onScored?.(scored, scoreMs);
  const { tokenScores, similarity, timings: scoreTimings, llm } = scored;
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
