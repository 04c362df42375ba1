import type { CompressResponse } from "../types.js";
import { locateSpans } from "./locate-spans.js";
import { spanCategories } from "./span-categories.js";

/** One kept span, as it goes into a compressed document's metadata (`metadata.snippetLab.spans`). */
export interface SnippetLabSpan {
  /** End-exclusive UTF-16 offsets into the document's canonical text (the API's offsets). */
  start: number;
  end: number;
  /** The kept text, verbatim: the canonical text's `slice(start, end)`. */
  text: string;
  /** The unit's keep score: for a token model the probability the selection compared with the threshold. */
  score: number;
  /**
   * Offsets into the document's own text (its `pageContent` or node text) where the span stands; equal to start/end
   * for plain one-paragraph text, null where it could not be found (see locateSpans).
   */
  sourceStart: number | null;
  sourceEnd: number | null;
  /** Models with a category head, `categories` on: the category most of the span's tokens were given. */
  category?: string;
  /** Share of the span's model tokens per category. */
  categories?: Record<string, number>;
}

/** What a compressed document carries as `metadata.snippetLab`. */
export interface SnippetLabMetadata {
  /** The result id the request gave the document: its position in the set ("0", "1", …). */
  resultId: string;
  spans: SnippetLabSpan[];
  /** Downstream-LLM tokens of this document before and after. */
  tokensIn: number;
  tokensOut: number;
  /** The whole set's: the budget the documents shared, and what all of them kept. */
  budget: number;
  setTokensIn: number;
  setTokensOut: number;
  /** The method that scored (`model:<name>`, `bm25`, …) and the threshold it used. */
  method: string;
  threshold: number;
  /** How start/end are measured. */
  offsets: CompressResponse["offsets"];
}

export interface CompressedDocument {
  /** Position of the document in the set that was sent. */
  index: number;
  /** The kept spans' texts joined by the separator. */
  content: string;
  metadata: SnippetLabMetadata;
}

export interface ReadCompressedSetOptions {
  response: CompressResponse;
  /** The texts that were sent, in order (ids "0", "1", …). */
  sources: readonly string[];
  /** Between two kept spans of one document (default the API's snippet separator, "\n…\n"). */
  separator?: string;
}

export const DEFAULT_SEPARATOR = "\n…\n";

/** The documents that kept something, in the order they were sent, each with its spans and their offsets. */
export function readCompressedSet({ response, sources, separator = DEFAULT_SEPARATOR }: ReadCompressedSetOptions): CompressedDocument[] {
  const byId = new Map(response.results.map((r) => [r.id, r]));
  const out: CompressedDocument[] = [];
  sources.forEach((source, index) => {
    const result = byId.get(String(index));
    if (!result || result.spans.length === 0) return;
    const located = locateSpans(source, result.spans, result.text);
    const spans = result.spans.map((s, i): SnippetLabSpan => {
      const cats = spanCategories(result.tokenScores, s.start, s.end);
      return {
        start: s.start,
        end: s.end,
        text: s.text,
        score: s.score,
        sourceStart: located[i]?.start ?? null,
        sourceEnd: located[i]?.end ?? null,
        ...(cats ?? {}),
      };
    });
    out.push({
      index,
      content: spans.map((s) => s.text).join(separator),
      metadata: {
        resultId: result.id,
        spans,
        tokensIn: result.tokensIn,
        tokensOut: result.tokensOut,
        budget: response.budget,
        setTokensIn: response.tokensIn,
        setTokensOut: response.tokensOut,
        method: response.model,
        threshold: response.threshold,
        offsets: response.offsets,
      },
    });
  });
  return out;
}
