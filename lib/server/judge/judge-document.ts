import "server-only";
import { buildSpansPrompt } from "@/lib/judge/build-spans-prompt";
import { chunkDocument } from "@/lib/judge/chunk-document";
import { createQuoteMatcher } from "@/lib/judge/match-quote";
import { emptyMatchCounts, type MatchCounts } from "@/lib/judge/match-stats";
import type { ChatMessage, DocumentChunk, JudgeSpan, JudgeVariant, MatchMethod, TextRange } from "@/lib/judge/types";
import type { SpanCategory } from "@/lib/spans/categories";
import { checkSpanInText } from "@/lib/spans/schemas";
import type { SuggestionInput } from "../../schemas/suggestions";

/** A quote no matching step located: kept with its reason (never dropped silently). */
export type JudgeUnmatched = { documentId: string; text: string; category: string; reason: string };

/** A located span of a judgment, with the step that located it (JudgeJudgment.spansJson). */
export type JudgedSpan = { documentId: string; start: number; end: number; category: SpanCategory; method: MatchMethod; similarity?: number };

export type JudgeDocumentInput = { id: string; text: string; blocks?: readonly TextRange[]; title?: string | null; url?: string | null };

/** One stage-2 request: a document chunk and its messages (the online path sends it, the Batch API path writes it). */
export type SpansRequest = {
  documentId: string;
  chunkIndex: number;
  chunkCount: number;
  chunk: DocumentChunk;
  messages: ChatMessage[];
};

/** The stage-2 requests of a pair's documents, one per chunk, in document order. */
export function planSpansRequests(o: {
  query: string;
  intents: readonly string[];
  variant: JudgeVariant;
  documents: readonly JudgeDocumentInput[];
  chunkChars: number;
}): SpansRequest[] {
  return o.documents.flatMap((document) => {
    const chunks = chunkDocument({ text: document.text, blocks: document.blocks ?? null, maxChars: o.chunkChars });
    return chunks.map((chunk, i) => ({
      documentId: document.id,
      chunkIndex: i,
      chunkCount: chunks.length,
      chunk,
      messages: buildSpansPrompt({
        query: o.query,
        intents: o.intents,
        variant: o.variant,
        text: document.text,
        chunk,
        part: { index: i + 1, count: chunks.length },
        title: document.title ?? null,
        url: document.url ?? null,
      }),
    }));
  });
}

/** The stored rationale: the intent a span serves (when the judge named one) and the judge's own words. */
function rationaleOf(span: JudgeSpan, intents: readonly string[]): string | undefined {
  const intent = span.intent !== undefined && span.intent >= 1 ? intents[span.intent - 1] : undefined;
  const parts = [intent !== undefined ? `intent ${span.intent}: ${intent}` : null, span.rationale?.trim() || null];
  const text = parts.filter(Boolean).join(" — ");
  return text || undefined;
}

export type MatchedChunk = { suggestions: SuggestionInput[]; spans: JudgedSpan[]; unmatched: JudgeUnmatched[]; counts: MatchCounts };

/**
 * A chunk's reply matched back to the document: each quote located in the chunk (the next quote is looked for after
 * the previous match first, so repeated sentences land on successive occurrences) and offset by the chunk start.
 * Quotes no step locates come back as unmatched with the reason; `counts` says which step located each quote. `seen`
 * (shared across a document's chunks) stores each (offsets, category) once.
 */
export function matchChunkSpans(o: {
  document: { id: string; text: string };
  chunk: DocumentChunk;
  spans: readonly JudgeSpan[];
  intents: readonly string[];
  seen?: Set<string>;
}): MatchedChunk {
  const { document, chunk, intents } = o;
  const seen = o.seen ?? new Set<string>();
  const out: MatchedChunk = { suggestions: [], spans: [], unmatched: [], counts: emptyMatchCounts() };
  const match = createQuoteMatcher(document.text.slice(chunk.start, chunk.end));
  let near = 0;
  for (const span of o.spans) {
    const m = match(span.text, near);
    if (!m.matched) {
      out.counts.unmatched++;
      out.unmatched.push({ documentId: document.id, text: span.text, category: span.category, reason: m.reason });
      continue;
    }
    near = m.end;
    const start = chunk.start + m.start;
    const end = chunk.start + m.end;
    const suggestion: SuggestionInput = { documentId: document.id, start, end, text: document.text.slice(start, end), category: span.category };
    const problem = checkSpanInText(suggestion, document.text);
    if (problem) {
      out.counts.unmatched++;
      out.unmatched.push({ documentId: document.id, text: span.text, category: span.category, reason: problem });
      continue;
    }
    out.counts[m.method]++;
    const key = `${start}:${end}:${span.category}`;
    if (seen.has(key)) continue; // the same span twice (e.g. from overlapping answers): stored once
    seen.add(key);
    const rationale = rationaleOf(span, intents);
    if (rationale) suggestion.rationale = rationale;
    out.suggestions.push(suggestion);
    out.spans.push({
      documentId: document.id,
      start,
      end,
      category: span.category,
      method: m.method,
      ...(m.similarity !== undefined ? { similarity: m.similarity } : {}),
    });
  }
  return out;
}
