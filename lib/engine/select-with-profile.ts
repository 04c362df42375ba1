// Client-safe and pure: the compress API, the workspace and inspector in the browser, research views, eval and
// calibrate all turn scores into a selection through these two functions, so a method selects the same everywhere.
import { answerGateFactor, blendSimilarity, rescaleToUnit, similarityBlendFor } from "./blend-similarity";
import { computeUnitScores, type ComputeUnitScoresOptions } from "./compute-unit-scores";
import { queryNamesTitle, resultFocus } from "./focus-terms";
import { applySearchRerank } from "./search-rerank";
import { LLM_THRESHOLD, type Aggregation } from "./methods";
import type { SelectionProfile } from "./profile";
import { chooseUnits, DEFAULT_FLOOR, selectSpans, type SelectSpansOptions, type UnitChoice } from "./select-spans";
import type { Evidence, PreparedResult, Selection } from "./types";

/** Baselines rank units without a calibrated probability: budget-only selection, the engine's floors. */
export const BASELINE_PROFILE: SelectionProfile = { units: { aggregation: "mean" }, selection: { threshold: 0 } };
/** llm-extract and hybrid: a unit is kept when at least half of it was extracted. */
export const LLM_PROFILE: SelectionProfile = { units: { aggregation: "mean" }, selection: { threshold: LLM_THRESHOLD } };

export interface ScoreResultUnitsOptions {
  query: string;
  /** One result: its units, canonical text and title (the focus terms are the query's terms not in the title). */
  result: { title?: string | undefined; units: ComputeUnitScoresOptions["units"]; doc: { text: string } };
  tokenScores: ComputeUnitScoresOptions["tokenScores"];
  profile: SelectionProfile;
  /** A request's aggregation (default: the profile's). */
  aggregation?: Aggregation | undefined;
  /**
   * The query–unit similarity of each unit of this result (the server computes it, responses carry it per unit):
   * blended in as the profile's similarity stage says. Absent or of another length: not blended.
   */
  similarity?: readonly number[] | undefined;
  /**
   * How many parts the set has for the similarity tiers: its results, or a single document's titled sections
   * (countSimilarityParts). A profile's passage tier may apply to small sets only, its document tier to a set of one
   * part.
   */
  resultCount: number;
}

/**
 * Stage 1: a result's unit scores from its token probabilities, exactly as the method's scorer gives them (the
 * profile's aggregation, category discount, focus weight, similarity and search-query reranker). Every path from
 * token probabilities goes through it (unitScoresOf).
 */
export function scoreResultUnits({ query, result, resultCount, tokenScores, profile, aggregation, similarity }: ScoreResultUnitsOptions): number[] {
  const { units: stage } = profile;
  const scores = computeUnitScores({
    tokenScores,
    units: result.units,
    aggregation: aggregation ?? stage.aggregation,
    focus: resultFocus(query, { title: result.title, text: result.doc.text }, stage.focusWeight),
  });
  const namesTitle = queryNamesTitle(query, result.title);
  const how = similarityBlendFor(profile.similarity, scores.length, resultCount, namesTitle);
  const sims = how && similarity && similarity.length === scores.length ? similarity : undefined;
  // The sentence encoder's similarity is a raw cosine: the blend reads its order within the result, the gate its best.
  const encoder = profile.similarity?.source === "sentence-encoder";
  const blended = how && sims ? blendSimilarity(scores, encoder ? rescaleToUnit(sims) : sims, how.weight, how.blend) : scores;
  const reranked = stage.searchRerank
    ? applySearchRerank(stage.searchRerank, { query, text: result.doc.text, units: result.units, scores: blended })
    : blended;
  // Last, so nothing reads the gated scores as the model's (the reranker reads their level): the order stands. A
  // query made of the result's title names the whole result, which no one sentence need answer: not gated.
  // Scaled above the selection floor only, so a budget keeps the same units of the passage as before.
  const gated = how && sims && encoder ? answerGateFactor(how.gate, sims) : 1;
  const factor = gated !== 1 && !namesTitle ? gated : 1;
  const floor = profile.selection.floor ?? DEFAULT_FLOOR;
  return factor === 1 ? reranked : reranked.map((s) => (s > floor ? floor + (s - floor) * factor : s));
}

/**
 * Stage 1 over a result set: a method's evidence as unit scores — a unit scorer's own, or a token model's
 * probabilities and similarity through scoreResultUnits with the profile. The compress API and pair scores
 * (scoreResultSet), evaluation (runEval) and the research views' stored rows all take this one step.
 */
export function unitScoresOf({
  evidence,
  query,
  results,
  profile,
  aggregation,
}: {
  evidence: Evidence;
  query: string;
  results: readonly Pick<PreparedResult, "units" | "doc" | "title">[];
  profile: SelectionProfile;
  aggregation?: Aggregation | undefined;
}): number[][] {
  if ("unitScores" in evidence) return evidence.unitScores;
  return results.map((result, i) =>
    scoreResultUnits({
      query,
      result,
      resultCount: evidence.parts,
      tokenScores: evidence.tokenScores[i]!,
      profile,
      aggregation,
      similarity: evidence.similarity?.[i],
    }),
  );
}

export interface SelectWithProfileOptions extends Pick<SelectSpansOptions, "results" | "unitScores" | "budget" | "countTokens"> {
  profile: SelectionProfile;
  /** A request's or a sweep's threshold (default: the profile's). */
  threshold?: number | undefined;
}

/** Stage 2: the selection of a result set's unit scores with every setting of the profile (selectSpans). */
export function selectWithProfile(opts: SelectWithProfileOptions): Selection {
  return selectSpans(spanOptions(opts));
}

/** selectWithProfile's kept units only (chooseUnits): a sweep builds the selection of each distinct choice once. */
export function chooseWithProfile(opts: SelectWithProfileOptions): UnitChoice {
  return chooseUnits(spanOptions(opts));
}

function spanOptions({ results, unitScores, budget, countTokens, profile, threshold }: SelectWithProfileOptions): SelectSpansOptions {
  // Every selection setting as selectSpans names it (absent ones are the engine's own: DEFAULT_FLOOR, the fallback
  // floor defaulting to the floor); the threshold a request's or a sweep's, else the profile's.
  return {
    ...profile.selection,
    threshold: threshold ?? profile.selection.threshold,
    results,
    unitScores,
    budget,
    ...(countTokens ? { countTokens } : {}),
  };
}
