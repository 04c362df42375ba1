import { firstEndingAfter } from "../snap-to-tokens";
import { assertDocumentsValid, compareSpans } from "./check-documents";
import type { SpanDocument, TokenizerLike } from "./types";

export interface ProdigySpan {
  start: number;
  end: number;
  label: string;
  /** Index of the first token of the span (with a tokenizer). */
  token_start?: number;
  /** Index of the last token of the span, INCLUSIVE (Prodigy convention). */
  token_end?: number;
}

export interface ProdigyRecord {
  text: string;
  meta: { pairId: string; query: string; documentId: string; url?: string; title?: string; externalId?: string };
  spans: ProdigySpan[];
  /** Present with a tokenizer: Prodigy's token list (id = token index, ws = followed by whitespace). */
  tokens?: { text: string; start: number; end: number; id: number; ws: boolean }[];
  answer: "accept";
}

export interface ExportProdigyOptions {
  documents: readonly SpanDocument[];
  /** Adds token_start/token_end and the tokens list. */
  tokenizer?: TokenizerLike;
}

/** Prodigy-style spans records, one per pair × document (label = category). */
export function buildProdigyRecords(opts: ExportProdigyOptions): ProdigyRecord[] {
  assertDocumentsValid(opts.documents, "Prodigy export");
  return opts.documents.map((d) => {
    const enc = opts.tokenizer?.encode(d.text);
    const spans = d.spans
      .slice()
      .sort(compareSpans)
      .map((s) => {
        const out: ProdigySpan = { start: s.start, end: s.end, label: s.category };
        if (enc) {
          const first = firstEndingAfter(enc.ends, s.start);
          let last = first - 1;
          while (last + 1 < enc.starts.length && enc.starts[last + 1]! < s.end) last++;
          // A span covering no token (only untokenized characters) gets no token indices.
          if (last >= first) {
            out.token_start = first;
            out.token_end = last;
          }
        }
        return out;
      });
    const meta: ProdigyRecord["meta"] = { pairId: d.pairId, query: d.query, documentId: d.documentId };
    if (d.url !== undefined) meta.url = d.url;
    if (d.title !== undefined) meta.title = d.title;
    if (d.externalId !== undefined) meta.externalId = d.externalId;
    const record: ProdigyRecord = { text: d.text, meta, spans, answer: "accept" };
    if (enc) {
      record.tokens = Array.from({ length: enc.starts.length }, (_, i) => {
        const start = enc.starts[i]!;
        const end = enc.ends[i]!;
        return { text: d.text.slice(start, end), start, end, id: i, ws: /^\s/u.test(d.text.charAt(end)) };
      });
    }
    return record;
  });
}

/** Prodigy-style spans JSONL text (one JSON object per line, trailing newline). */
export function exportProdigy(opts: ExportProdigyOptions): string {
  return buildProdigyRecords(opts)
    .map((r) => JSON.stringify(r) + "\n")
    .join("");
}
