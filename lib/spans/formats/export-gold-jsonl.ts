import type { SpanCategory } from "../categories";
import { labelTokens } from "../label-tokens";
import type { SpanLayerSource } from "../schemas";
import { assertDocumentsValid, compareSpans } from "./check-documents";
import type { GoldJsonlRecord, GoldSpan } from "./gold-jsonl-schema";
import type { SpanDocument, TokenizerLike } from "./types";

export interface ExportGoldJsonlOptions {
  documents: readonly SpanDocument[];
  /** Tokenizer of the model to train (token offsets + keep labels are computed with it). */
  tokenizer: TokenizerLike;
  /** Category whose spans make a token "keep" (default "vital"). */
  keepCategory?: SpanCategory;
  /** Span sources that count for keep labels (default: all spans given). */
  keepSources?: readonly SpanLayerSource[];
}

/** Builds the gold JSONL records (one per pair × document); token keep = 1 when it overlaps a keep span. */
export function buildGoldRecords(opts: ExportGoldJsonlOptions): GoldJsonlRecord[] {
  assertDocumentsValid(opts.documents, "gold JSONL export", { blocks: true });
  const keepCategory = opts.keepCategory ?? "vital";
  return opts.documents.map((d) => {
    const enc = opts.tokenizer.encode(d.text);
    const keepSpans = d.spans.filter((s) => s.category === keepCategory && (!opts.keepSources || opts.keepSources.includes(s.source)));
    const keep = Array.from(labelTokens({ starts: enc.starts, ends: enc.ends, spans: keepSpans }), (v) => (v ? 1 : 0) as 0 | 1);
    const spans = d.spans
      .slice()
      .sort(compareSpans)
      .map((s) => {
        const g: GoldSpan = { start: s.start, end: s.end, text: s.text, category: s.category, source: s.source };
        if (s.author !== undefined) g.author = s.author;
        if (s.score !== undefined) g.score = s.score;
        return g;
      });
    const record: GoldJsonlRecord = {
      pairId: d.pairId,
      query: d.query,
      documentId: d.documentId,
      text: d.text,
      spans,
      tokens: { starts: Array.from(enc.starts), ends: Array.from(enc.ends), keep },
    };
    if (d.url !== undefined) record.url = d.url;
    if (d.title !== undefined) record.title = d.title;
    if (d.externalId !== undefined) record.externalId = d.externalId;
    if (d.blocks !== undefined) record.blocks = d.blocks;
    if (d.goldNoVital) record.noVital = true;
    if (d.audit !== undefined) record.audit = d.audit;
    if (enc.ids !== undefined) record.tokens = { ids: Array.from(enc.ids), ...record.tokens };
    return record;
  });
}

/** Gold set as JSONL text (one JSON object per line, trailing newline). */
export function exportGoldJsonl(opts: ExportGoldJsonlOptions): string {
  return buildGoldRecords(opts)
    .map((r) => JSON.stringify(r) + "\n")
    .join("");
}
