// Shared types of the LLM-as-judge (pure: no openai, Prisma or Next imports).
import type { SpanCategory } from "../spans/categories";

/**
 * How the judge asks: "two-stage" (the query's intents first, then spans that name the intent they serve) or
 * "one-stage" (spans straight from the query, no intents), for comparison.
 */
export const JUDGE_VARIANTS = ["two-stage", "one-stage"] as const;
export type JudgeVariant = (typeof JUDGE_VARIANTS)[number];

/** One chat message, shaped like the OpenAI chat.completions `messages` items we send. */
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** A block range (end-exclusive UTF-16 offsets into the document text). */
export type TextRange = { start: number; end: number };

/** A part of a document sent in one stage-2 request: whole blocks, offsets into the full text. */
export type DocumentChunk = {
  start: number;
  end: number;
  /** Blocks of the chunk (offsets into the full text), numbered [1], [2], … in the prompt. */
  blocks: TextRange[];
};

/** One span as the judge returned it (after schema validation). */
export type JudgeSpan = {
  text: string;
  category: SpanCategory;
  /** 1-based number of the intent the span serves, when the judge said. */
  intent?: number;
  rationale?: string;
};

/** The matching steps in the order they are tried (docs/judge.md#matching-quotes-back-to-offsets). */
export const MATCH_METHODS = ["exact", "normalized", "regex", "fuzzy"] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];

export type QuoteMatch = {
  matched: true;
  start: number;
  end: number;
  method: MatchMethod;
  /** Fuzzy matches: 1 − token edits / tokens (≥ FUZZY_MIN_SIMILARITY). */
  similarity?: number;
};
/** A quote that could not be located; `similarity` is the best fuzzy alignment's, when one was tried. */
export type QuoteMiss = { matched: false; reason: string; similarity?: number };
export type QuoteMatchResult = QuoteMatch | QuoteMiss;

/** Outcome of parsing a model reply: the value, or an error message to send back in the repair request. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };
