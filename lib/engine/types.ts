import type { CanonicalDoc, Sentence } from "../text/types";
import type { Aggregation } from "./methods";

/** One retrieved result of a result set, already converted to canonical text. */
export interface PreparedResult {
  id: string;
  doc: CanonicalDoc;
  /** Units (sentences or fragments) the snippet is built from. */
  units: Sentence[];
  /** Downstream-LLM token count of each unit's text (same order as units). */
  unitTokens: number[];
  /** Downstream-LLM token count of the whole canonical text. */
  tokensIn: number;
  url?: string;
  title?: string;
  summary?: string;
}

/** Per-token keep probabilities of one result (model methods only), for heatmaps. */
export interface TokenScores {
  /** End-exclusive UTF-16 offsets of each context token in the canonical text. */
  starts: Int32Array;
  ends: Int32Array;
  probs: Float32Array;
  /** Most likely category of each token (index into SPAN_CATEGORIES), for models with a category head. */
  categories?: Uint8Array;
}

export interface UnitScores {
  /** One score in [0, 1] per unit, per result (same order as `results`). */
  unitScores: number[][];
  /** Token models: the probabilities the unit scores were computed from. */
  tokenScores?: TokenScores[];
  /** Models with a similarity stage: each unit's query–unit similarity, per result (blended into `unitScores`). */
  similarity?: number[][];
  /** Where a model scorer's time went (token-level models). */
  timings?: ScoreTimings;
  /** LLM methods: what the LLM returned (matched back or flagged) and what it cost. */
  llm?: LlmScoreInfo;
}

/** One extract an LLM returned: located in the source (start/end, end-exclusive UTF-16) or flagged with the reason. */
export interface LlmExtract {
  resultId: string;
  /** The text as the LLM wrote it. */
  text: string;
  start?: number;
  end?: number;
  /** The matching step that located it (exact, normalized, regex, fuzzy). */
  method?: string;
  /** Why it could not be located. */
  reason?: string;
}

export interface LlmScoreInfo {
  /** The LLM's model id. */
  model: string;
  /** HTTP requests sent (retries and repairs included) and requests answered from the cache. */
  requests: number;
  cachedRequests: number;
  promptTokens: number;
  completionTokens: number;
  extracts: LlmExtract[];
  /** hybrid: the filter method, and the units it passed of all units. */
  filter?: string;
  passedUnits?: number;
  totalUnits?: number;
}

export interface ScoreTimings {
  /** Model tokenizer, input features and windows. */
  tokenizeMs: number;
  /** Waiting for batches shared with other requests' windows. */
  queueMs: number;
  /** Running this request's batches. */
  modelMs: number;
  windows: number;
}

/**
 * A token model's evidence about a result set: each result's token probabilities and, for a profile with a similarity
 * stage, each unit's similarity to the query. The unit stage (unitScoresOf, lib/engine/select-with-profile.ts) turns
 * it into unit scores with the method's profile, wherever it came from (the model, or its cached probabilities).
 */
export interface TokenEvidence {
  tokenScores: TokenScores[];
  /** Per result, each unit's raw query similarity ([] for a result not blended); absent: nothing is blended. */
  similarity?: number[][];
  /** How many parts the set has for the similarity tiers (countSimilarityParts). */
  parts: number;
  timings?: ScoreTimings;
}

/** What a method's scorer gives: unit scores (baselines, LLM methods, the oracle) or a token model's evidence. */
export type Evidence = UnitScores | TokenEvidence;

/** What a scorer reads: the query and the prepared result set. */
export interface ScoreInput {
  query: string;
  results: readonly PreparedResult[];
  /** A request's aggregation (unit scorers that filter with a model pass it on). */
  aggregation: Aggregation;
}

/**
 * A compression method that scores units itself: BM25, lead, the oracle, an LLM extractor, an embedding filter.
 * Selection (threshold, budget, order) is shared and lives in select-spans.ts, so any scorer plugs in here.
 */
export interface Scorer {
  /** e.g. "bm25", "lead", "oracle", "hybrid:model:snippet-lab". */
  name: string;
  scoreUnits(input: { query: string; results: PreparedResult[]; aggregation: Aggregation }): Promise<UnitScores>;
}

/** A token model: its token probabilities and similarity, never unit scores (the unit stage runs once, after it). */
export interface TokenScorer {
  /** "model:<name>". */
  name: string;
  scoreTokens(input: { query: string; results: readonly PreparedResult[] }): Promise<TokenEvidence>;
}

/** A kept span: verbatim text of the canonical doc of result `resultId`. */
export interface Span {
  resultId: string;
  start: number;
  end: number;
  score: number;
  text: string;
}

/** What selectSpans needs of a result: PreparedResult satisfies it; the browser can pass a lighter object. */
export interface SelectableResult {
  id: string;
  doc: { text: string };
  units: Sentence[];
  unitTokens: number[];
  tokensIn: number;
}

/** The selection of one result of the set. */
export interface ResultSelection {
  resultId: string;
  /** Kept spans in document order; adjacent kept units are merged into one span. */
  spans: Span[];
  /** Spans' text joined with "\n…\n". */
  snippet: string;
  /** Indexes of the kept units, ascending. */
  keptUnits: number[];
  tokensIn: number;
  /**
   * Sum of the kept units' downstream token counts (an approximation: it ignores the whitespace
   * between merged units, the "\n…\n" joiners and BPE merges across unit boundaries).
   */
  tokensOut: number;
}

export interface Selection {
  results: ResultSelection[];
  tokensIn: number;
  tokensOut: number;
  /** Number of kept units over the whole set. */
  keptUnits: number;
  budget: number;
  threshold: number;
  /**
   * Set when the selection is not the plain threshold+budget outcome: the floor fallback kept
   * the best unit, cut it to the budget, or nothing scored ≥ floor.
   */
  reason?: string;
  /** True when the single fallback unit was cut to fit the budget (its span is a prefix of the unit). */
  truncated?: boolean;
}
