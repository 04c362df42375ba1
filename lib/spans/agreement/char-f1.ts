import { SPAN_CATEGORIES, type SpanCategory } from "../categories";
import { groupIntervals, groupKey, intersectIntervals, totalLength } from "../intervals";
import type { Span } from "../schemas";

export interface CharCounts {
  /** Characters annotator A marked (union of A's spans: a char counts once). */
  a: number;
  b: number;
  /** Characters both marked. */
  both: number;
}

export interface CharScore extends CharCounts {
  /** both / b (A as reference); null when B marked nothing. */
  precision: number | null;
  /** both / a; null when A marked nothing. */
  recall: number | null;
  /** 2·both / (a + b); null when neither marked anything (no evidence either way). */
  f1: number | null;
}

export function scoreCharCounts(c: CharCounts): CharScore {
  return {
    ...c,
    precision: c.b > 0 ? c.both / c.b : null,
    recall: c.a > 0 ? c.both / c.a : null,
    f1: c.a + c.b > 0 ? (2 * c.both) / (c.a + c.b) : null,
  };
}

export function addCharCounts(x: CharCounts, y: CharCounts): CharCounts {
  return { a: x.a + y.a, b: x.b + y.b, both: x.both + y.both };
}

export interface CharF1Options {
  a: readonly Span[];
  b: readonly Span[];
  categories?: readonly SpanCategory[];
}

export interface CharF1Result {
  perCategory: Record<SpanCategory, CharCounts>;
  /** Counts summed over categories (micro average). */
  micro: CharCounts;
}

/** Character overlap counts between two annotators, per category and summed (per document, then added). */
export function countCharOverlap(opts: CharF1Options): CharF1Result {
  const categories = opts.categories ?? SPAN_CATEGORIES;
  const ga = groupIntervals(opts.a);
  const gb = groupIntervals(opts.b);
  const docs = new Set([...opts.a, ...opts.b].map((s) => s.documentId));
  const perCategory = {} as Record<SpanCategory, CharCounts>;
  let micro: CharCounts = { a: 0, b: 0, both: 0 };
  for (const category of SPAN_CATEGORIES) perCategory[category] = { a: 0, b: 0, both: 0 };
  for (const category of categories) {
    const c = perCategory[category];
    for (const doc of docs) {
      const ia = ga.get(groupKey(doc, category)) ?? [];
      const ib = gb.get(groupKey(doc, category)) ?? [];
      c.a += totalLength(ia);
      c.b += totalLength(ib);
      c.both += totalLength(intersectIntervals(ia, ib));
    }
    micro = addCharCounts(micro, c);
  }
  return { perCategory, micro };
}

/** Character-level F1 between two annotators per category and micro-averaged over `categories`. */
export function computeCharF1(opts: CharF1Options): { perCategory: Record<SpanCategory, CharScore>; micro: CharScore } {
  const counts = countCharOverlap(opts);
  const perCategory = {} as Record<SpanCategory, CharScore>;
  for (const c of SPAN_CATEGORIES) perCategory[c] = scoreCharCounts(counts.perCategory[c]);
  return { perCategory, micro: scoreCharCounts(counts.micro) };
}
