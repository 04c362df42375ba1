import { AppError } from "../errors";
import { htmlToCanonical } from "../text/html-to-canonical";
import { segmentSentences } from "../text/segment-sentences";
import { textToCanonical } from "../text/text-to-canonical";
import type { CanonicalDoc, Sentence } from "../text/types";
import { countDownstreamTokens } from "./count-downstream-tokens";
import type { PreparedResult } from "./types";

export interface PrepareResultOptions {
  id: string;
  /**
   * An already-canonical document (stored documents: their text and blocks are what spans point into, so they
   * must never be canonicalised again). Wins over `html` and `text`.
   */
  doc?: CanonicalDoc;
  /** Plain (markdown-ish) text; ignored when `html` is given. */
  text?: string;
  html?: string;
  title?: string;
  url?: string;
  summary?: string;
  /** 1..3 consecutive sentences per unit (default 1). */
  fragmentSize?: number;
  locale?: string;
  /** Downstream encoding (default o200k_base; others must be loaded with loadDownstreamEncoding). */
  encoding?: string;
  /** Overrides `encoding`: any downstream counter. */
  countTokens?: (text: string) => number;
  /** Cap on the canonical length of HTML pages (htmlToCanonical's maxChars). */
  maxChars?: number;
}

/**
 * Canonicalise one result (a given `doc` is used as is; else HTML wins over text), cut it into units and count
 * downstream tokens per unit. tokensIn is derived from the unit counts (plus the text between units) rather than
 * by tokenizing the whole page again: it keeps 5 MB pages cheap and within ~1% of the exact count.
 */
export function prepareResult(opts: PrepareResultOptions): PreparedResult {
  let doc: CanonicalDoc;
  if (opts.doc !== undefined) doc = opts.doc;
  else if (opts.html !== undefined) doc = htmlToCanonical(opts.html, opts.maxChars !== undefined ? { maxChars: opts.maxChars } : undefined);
  else if (opts.text !== undefined) doc = textToCanonical(opts.text);
  else throw new AppError("BAD_REQUEST", `Result "${opts.id}" has neither text nor html`);

  const segOpts: { locale?: string; fragmentSize?: number } = {};
  if (opts.locale !== undefined) segOpts.locale = opts.locale;
  if (opts.fragmentSize !== undefined) segOpts.fragmentSize = opts.fragmentSize;
  const units = segmentSentences(doc, segOpts);

  const encoding = opts.encoding;
  const count = opts.countTokens ?? ((t: string) => countDownstreamTokens(t, encoding));
  const unitTokens = units.map((u) => count(doc.text.slice(u.start, u.end)));
  const tokensIn = unitTokens.reduce((a, b) => a + b, 0) + countGapTokens(doc.text, units, count);

  const result: PreparedResult = { id: opts.id, doc, units, unitTokens, tokensIn };
  const title = opts.title ?? doc.title;
  if (title !== undefined) result.title = title;
  if (opts.url !== undefined) result.url = opts.url;
  if (opts.summary !== undefined) result.summary = opts.summary;
  return result;
}

/**
 * Tokens of the text outside the units: a space before a word merges into the word's token, a
 * newline run is about one token of its own, anything else (text segmentation left out) is counted.
 */
function countGapTokens(text: string, units: readonly Sentence[], count: (t: string) => number): number {
  let total = 0;
  let pos = 0;
  const gap = (from: number, to: number) => {
    if (to <= from) return;
    const g = text.slice(from, to);
    if (/\S/.test(g)) total += count(g.trim());
    total += (g.match(/\n+/g) ?? []).length;
  };
  for (const u of units) {
    gap(pos, u.start);
    pos = Math.max(pos, u.end);
  }
  gap(pos, text.length);
  return total;
}
