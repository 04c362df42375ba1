import "server-only";
import { buildSpansPrompt } from "@/lib/judge/build-spans-prompt";
import { chunkDocument } from "@/lib/judge/chunk-document";
import { createQuoteMatcher } from "@/lib/judge/match-quote";
import { parseSpansOutput } from "@/lib/judge/parse-judge-output";
import type { JudgeSpan, TextRange } from "@/lib/judge/types";
import { checkSpanInText } from "@/lib/spans/schemas";
import type { SuggestionInput } from "../../schemas/suggestions";
import { completeJson } from "./complete-json";
import type { JudgeClient } from "./create-judge-client";

export type JudgeUnmatched = { documentId: string; text: string; category: string; reason: string };

export type JudgeDocumentOptions = {
  client: JudgeClient;
  query: string;
  intents: readonly string[];
  document: { id: string; text: string; blocks?: readonly TextRange[]; title?: string | null; url?: string | null };
  chunkChars: number;
};

export type JudgeDocumentResult = { suggestions: SuggestionInput[]; unmatched: JudgeUnmatched[] };

/** The stored rationale: the intent a span serves (when the judge named one) and the judge's own words. */
function rationaleOf(span: JudgeSpan, intents: readonly string[]): string | undefined {
  const intent = span.intent !== undefined && span.intent >= 1 ? intents[span.intent - 1] : undefined;
  const parts = [intent !== undefined ? `intent ${span.intent}: ${intent}` : null, span.rationale?.trim() || null];
  const text = parts.filter(Boolean).join(" — ");
  return text || undefined;
}

/**
 * Stage 2 for one document: one request per chunk, each quote matched back into the chunk (the next quote is looked
 * for after the previous match first, so repeated sentences land on successive occurrences) and offset by the chunk
 * start. Quotes that cannot be located are returned as unmatched, never stored.
 */
export async function judgeDocument(options: JudgeDocumentOptions): Promise<JudgeDocumentResult> {
  const { client, query, intents, document, chunkChars } = options;
  const chunks = chunkDocument({ text: document.text, blocks: document.blocks ?? null, maxChars: chunkChars });
  const suggestions: SuggestionInput[] = [];
  const unmatched: JudgeUnmatched[] = [];
  const seen = new Set<string>();

  for (const [i, chunk] of chunks.entries()) {
    const messages = buildSpansPrompt({
      query,
      intents,
      text: document.text,
      chunk,
      part: { index: i + 1, count: chunks.length },
      title: document.title ?? null,
      url: document.url ?? null,
    });
    const where = chunks.length > 1 ? ` (part ${i + 1}/${chunks.length})` : "";
    const { spans } = await completeJson({ client, messages, parse: parseSpansOutput, what: `document ${document.id}${where}` });

    const match = createQuoteMatcher(document.text.slice(chunk.start, chunk.end));
    let near = 0;
    for (const span of spans) {
      const m = match(span.text, near);
      if (!m.matched) {
        unmatched.push({ documentId: document.id, text: span.text, category: span.category, reason: m.reason });
        continue;
      }
      near = m.end;
      const start = chunk.start + m.start;
      const end = chunk.start + m.end;
      const suggestion: SuggestionInput = { documentId: document.id, start, end, text: document.text.slice(start, end), category: span.category };
      const problem = checkSpanInText(suggestion, document.text);
      if (problem) {
        unmatched.push({ documentId: document.id, text: span.text, category: span.category, reason: problem });
        continue;
      }
      const key = `${start}:${end}:${span.category}`;
      if (seen.has(key)) continue; // the same span twice (e.g. from overlapping answers): stored once
      seen.add(key);
      const rationale = rationaleOf(span, intents);
      if (rationale) suggestion.rationale = rationale;
      suggestions.push(suggestion);
    }
  }
  return { suggestions, unmatched };
}
