import type { CategorySpan, EvidenceSpan } from "../data/types";
import type { Selection, TokenScores } from "../engine/types";
import { SPAN_CATEGORIES } from "../spans/categories";
import { countViolations, type FidelityReport } from "../engine/fidelity/check-fidelity";
import { normalizeAnswer } from "./normalize-answer";
import type { QueryMetrics } from "./types";

/** A gold span counts as kept when at least this share of its characters lies in kept spans. */
export const EVIDENCE_KEPT_SHARE = 0.9;

export interface ComputeQueryMetricsOptions {
  selection: Selection;
  evidence: readonly EvidenceSpan[];
  answers?: readonly string[];
  /** Labeled regions with categories (per-category figures). */
  categories?: readonly CategorySpan[];
  /** Per result id, the model's token scores with predicted categories (model agreement per category). */
  tokenScores?: ReadonlyMap<string, TokenScores>;
  /** The selection's fidelity check (selectionFidelity), counted per kind. */
  fidelity?: FidelityReport;
  /**
   * categoryAgreement(categories, tokenScores), when the caller measures many selections of the same query (it does not
   * depend on the selection); computed here otherwise.
   */
  agreement?: CategoryAgreement;
}

/** Per category: the model's tokens inside its gold spans, and those it predicted as that category. */
export type CategoryAgreement = ReadonlyMap<string, readonly [number, number]>;

type Interval = [number, number];

function union(spans: Iterable<Interval>): Interval[] {
  const sorted = [...spans].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Characters of [start, end) inside the (sorted, disjoint) intervals. */
function overlap(intervals: readonly Interval[], start: number, end: number): number {
  let n = 0;
  for (const [s, e] of intervals) {
    if (s >= end) break;
    n += Math.max(0, Math.min(e, end) - Math.max(s, start));
  }
  return n;
}

const length = (xs: readonly Interval[]) => xs.reduce((a, [s, e]) => a + e - s, 0);

export function computeQueryMetrics({
  selection,
  evidence,
  answers,
  categories,
  tokenScores,
  fidelity,
  agreement,
}: ComputeQueryMetricsOptions): QueryMetrics {
  const keptByResult = new Map(selection.results.map((r) => [r.resultId, union(r.spans.map((s) => [s.start, s.end] as Interval))]));
  let evidenceTotal = 0;
  let evidenceKept = 0;
  for (const ev of evidence) {
    const len = ev.end - ev.start;
    if (len <= 0) continue;
    evidenceTotal++;
    if (overlap(keptByResult.get(ev.resultId) ?? [], ev.start, ev.end) >= EVIDENCE_KEPT_SHARE * len) evidenceKept++;
  }

  // Character-level: evidence characters kept, and kept characters that are evidence.
  const evidenceByResult = new Map<string, Interval[]>();
  for (const ev of evidence) {
    const list = evidenceByResult.get(ev.resultId) ?? [];
    list.push([ev.start, ev.end]);
    evidenceByResult.set(ev.resultId, list);
  }
  let evidenceChars = 0;
  let evidenceCharsKept = 0;
  let keptChars = 0;
  for (const kept of keptByResult.values()) keptChars += length(kept);
  for (const [id, list] of evidenceByResult) {
    const ev = union(list);
    evidenceChars += length(ev);
    const kept = keptByResult.get(id) ?? [];
    for (const [s, e] of ev) evidenceCharsKept += overlap(kept, s, e);
  }

  let answerKept: boolean | null = null;
  const golds = (answers ?? []).map(normalizeAnswer).filter(Boolean);
  if (golds.length) {
    // Spans are joined with a newline so an answer can't be matched across two spans.
    const kept = selection.results.flatMap((r) => r.spans.map((s) => normalizeAnswer(s.text)));
    answerKept = golds.some((g) => kept.some((k) => k.includes(g)));
  }
  const metrics: QueryMetrics = {
    evidenceTotal,
    evidenceKept,
    answerKept,
    tokensIn: selection.tokensIn,
    tokensOut: selection.tokensOut,
    evidenceChars,
    evidenceCharsKept,
    keptChars,
  };
  if (categories && categories.length > 0) {
    metrics.categories = categoryFigures(categories, keptByResult, agreement ?? categoryAgreement(categories, tokenScores));
  }
  if (fidelity) metrics.fidelity = { checked: fidelity.checked, violations: countViolations(fidelity.violations) };
  return metrics;
}

function categoryFigures(
  categories: readonly CategorySpan[],
  keptByResult: ReadonlyMap<string, Interval[]>,
  agreement: CategoryAgreement,
): Record<string, [number, number, number, number]> {
  const out: Record<string, [number, number, number, number]> = {};
  for (const c of categories) {
    const row = (out[c.category] ??= [0, 0, 0, 0]);
    row[0] += c.end - c.start;
    row[1] += overlap(keptByResult.get(c.resultId) ?? [], c.start, c.end);
  }
  for (const [category, [tokens, agreeing]] of agreement) {
    const row = out[category]!;
    row[2] = tokens;
    row[3] = agreeing;
  }
  return out;
}

/** The model's agreement with the gold categories (tokens counted, not characters): the same for every selection. */
export function categoryAgreement(categories: readonly CategorySpan[], tokenScores?: ReadonlyMap<string, TokenScores>): CategoryAgreement {
  const out = new Map<string, [number, number]>();
  for (const c of categories) {
    const row = out.get(c.category) ?? [0, 0];
    out.set(c.category, row);
    const ts = tokenScores?.get(c.resultId);
    if (!ts?.categories) continue;
    const want = SPAN_CATEGORIES.indexOf(c.category);
    // Tokens starting inside the span (token offsets ascend: binary search the first).
    let lo = 0;
    let hi = ts.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ts.starts[mid]! < c.start) lo = mid + 1;
      else hi = mid;
    }
    for (let t = lo; t < ts.starts.length && ts.starts[t]! < c.end; t++) {
      row[0]++;
      if (ts.categories[t] === want) row[1]++;
    }
  }
  return out;
}
