// Shared types of the LLM-as-judge (pure: no openai, Prisma or Next imports).
import type { SpanCategory } from "../spans/categories";

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

export type MatchMethod = "exact" | "normalized" | "regex";

export type QuoteMatch = { matched: true; start: number; end: number; method: MatchMethod };
export type QuoteMiss = { matched: false; reason: string };
export type QuoteMatchResult = QuoteMatch | QuoteMiss;

/** Outcome of parsing a model reply: the value, or an error message to send back in the repair request. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };
