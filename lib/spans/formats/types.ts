import type { Block } from "../../text/types";
import { MiB } from "../../schemas/limits";
import type { Span } from "../schemas";
import type { GoldAuditRecord } from "./gold-jsonl-schema";

/** One document of one pair with its spans (every layer): the unit every format exports and imports. */
export interface SpanDocument {
  pairId: string;
  query: string;
  documentId: string;
  /** Canonical text; span offsets point into it. */
  text: string;
  url?: string;
  title?: string;
  /** Source id of the pair (Pair.externalId), carried through exports so re-imports stay idempotent. */
  externalId?: string;
  /** Block structure of the canonical text (roles, kinds, link density), when known. */
  blocks?: Block[];
  spans: Span[];
  /** The pair's gold decision "nothing here is vital" (gold with zero vital spans); exported as `noVital: true`. */
  goldNoVital?: boolean;
  /** The pair's gold history for this document (gold JSONL with `audit=1`): exported as `audit`. */
  audit?: GoldAuditRecord[];
}

/** What exports need of a tokenizer (WordPieceTokenizer satisfies it). */
export interface TokenizerLike {
  encode(text: string): { ids?: ArrayLike<number>; starts: ArrayLike<number>; ends: ArrayLike<number> };
}

/** One problem of an import: `index` is the record (task/line) index, null for file-level problems. */
export interface ImportIssue {
  index: number | null;
  /** Where: "file", "[3]", "[3].annotations[0].result[2]", "line 7". */
  record: string;
  message: string;
}

/** All-or-nothing: either every record or every error. */
export type ImportResult<T> = { ok: true; records: T[] } | { ok: false; errors: ImportIssue[] };

/** Default upload limit: generous for a gold set, far below what would stall a request (100 MB files are refused). */
export const DEFAULT_MAX_IMPORT_BYTES = 20 * MiB;
/** Errors listed before an import gives up (the file is refused either way). */
export const MAX_IMPORT_ERRORS = 1000;
