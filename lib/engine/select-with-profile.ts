// Client-safe and pure: the compress API, the workspace and inspector in the browser, research views, eval and
// calibrate all turn scores into a selection through these two functions, so a method selects the same everywhere.
import type { SelectionProfile } from "../schemas/selection-profile";
import { answerGateFactor, blendSimilarity, rescaleToUnit, similarityBlendFor, unitParagraphs } from "./blend-similarity";
import { computeUnitScores, type ComputeUnitScoresOptions } from "./compute-unit-scores";
import { queryNamesTitle, resultFocus } from "./focus-terms";
import { applySearchRerank } from "./search-rerank";
import { LLM_THRESHOLD, type Aggregation } from "./methods";
import { chooseUnits, DEFAULT_FLOOR, selectSpans, type SelectSpansOptions, type UnitChoice } from "./select-spans";
import type { Selection } from "./types";

/** Baselines rank units without a calibrated probability: budget-only selection, the engine's floors. */
export const BASELINE_PROFILE: SelectionProfile = { aggregation: "mean", threshold: 0 };
/** llm-extract and hybrid: a unit is kept when at least half of it was extracted. */
export const LLM_PROFILE: SelectionProfile = { aggregation: "mean", threshold: LLM_THRESHOLD };

export interface ScoreResultUnitsOptions {
  query: string;
  /** One result: its units, canonical text and title (the focus terms are the query's terms not in the title). */
  result: { title?: string | undefined; units: ComputeUnitScoresOptions["units"]; doc: { text: string } };
  tokenScores: ComputeUnitScoresOptions["tokenScores"];
  profile: SelectionProfile;
  /** A request's aggregation (default: the profile's). */
  aggregation?: Aggregation | undefined;
  /**
   * The query–unit similarity of each unit of this result (word vectors; the server computes it, responses carry it
   * per unit): blended in with the profile's `similarityWeight`. Absent or of another length: not blended.
   */
  similarity?: readonly number[] | undefined;
  /**
   * How many parts the set has for the similarity tiers: its results, or a single document's titled sections
   * (countSimilarityParts). A profile's `similarityPassage` may apply to small sets only, its `similarityDocument`
   * to a set of one part.
   */
  resultCount: number;
}

/**
 * Stage 1: a result's unit scores from its token probabilities, exactly as the method's scorer gives them (the
 * profile's aggregation, category discount, focus weight, similarity and search-query reranker). Every path from cached probabilities goes through it.
 */
export function scoreResultUnits({ query, result, resultCount, tokenScores, profile, aggregation, similarity }: ScoreResultUnitsOptions): number[] {
  const scores = computeUnitScores({
    tokenScores,
    units: result.units,
    aggregation: aggregation ?? profile.aggregation,
    focus: resultFocus(query, { title: result.title, text: result.doc.text }, profile.focusWeight),
  });
  const namesTitle = queryNamesTitle(query, result.title);
  const how = similarityBlendFor(profile, scores.length, resultCount, namesTitle);
  const sims = how && similarity && similarity.length === scores.length ? similarity : undefined;
  // The sentence encoder's similarity is a raw cosine: the blend reads its order within the result, the gate its best.
  const encoder = profile.similaritySource === "sentence-encoder";
  const blended = how && sims ? blendSimilarity(scores, encoder ? rescaleToUnit(sims) : sims, how.weight, how.blend) : scores;
  const reranked = profile.searchRerank
    ? applySearchRerank(profile.searchRerank, { query, text: result.doc.text, units: result.units, scores: blended })
    : blended;
  // Last, so nothing reads the gated scores as the model's (the reranker reads their level): the order stands. A
  // query made of the result's title names the whole result, which no one sentence need answer: not gated.
  // Scaled above the selection floor only, so a budget keeps the same units of the passage as before.
  const gated =
    how && sims && encoder ? answerGateFactor(how.gate, sims, how.gate?.paragraphs ? unitParagraphs(result.doc.text, result.units) : undefined) : 1;
  const factor = gated !== 1 && !namesTitle ? gated : 1;
  const floor = profile.floor ?? DEFAULT_FLOOR;
  return factor === 1 ? reranked : reranked.map((s) => (s > floor ? floor + (s - floor) * factor : s));
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
  return {
    results,
    unitScores,
    budget,
    threshold: threshold ?? profile.threshold,
    // Absent settings are the engine's own (DEFAULT_FLOOR; the fallback floor defaults to the floor).
    ...(profile.floor !== undefined ? { floor: profile.floor } : {}),
    ...(profile.fallbackFloor !== undefined ? { fallbackFloor: profile.fallbackFloor } : {}),
    ...(profile.cutBestBelow !== undefined ? { cutBestBelow: profile.cutBestBelow } : {}),
    ...(profile.cutBestMinShare !== undefined ? { cutBestMinShare: profile.cutBestMinShare } : {}),
    ...(countTokens ? { countTokens } : {}),
  };
}
