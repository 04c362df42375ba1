// Where the tokens go: the share of downstream tokens of each span category in the uncompressed pages and in the
// compressed snippets, and the relative change. Pure and client-safe (the research page, its data route and tests).
import type { SelectableResult, Selection } from "../engine/types";
import type { CategoryShareRow } from "../schemas/eval-rows";
import { SPAN_CATEGORIES, type SpanCategory } from "../spans/categories";

/** Text no category covers. */
export const UNLABELLED = "unlabelled";
export type BreakdownCategory = SpanCategory | typeof UNLABELLED;
export const BREAKDOWN_CATEGORIES: readonly BreakdownCategory[] = [...SPAN_CATEGORIES, UNLABELLED];

/** Where a pair's categories come from: gold spans, else the LLM judge's suggestions, else the model's own predictions. */
export const CATEGORY_SOURCES = ["gold", "judge", "model"] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** A labelled region of a result: end-exclusive offsets into its text. */
export interface CategoryInterval {
  start: number;
  end: number;
  category: SpanCategory;
}

/** Downstream tokens per category (BREAKDOWN_CATEGORIES order) in the input and in the kept text. */
export interface CategoryTokens {
  tokensIn: number[];
  tokensOut: number[];
}

export const emptyCategoryTokens = (): CategoryTokens => ({
  tokensIn: BREAKDOWN_CATEGORIES.map(() => 0),
  tokensOut: BREAKDOWN_CATEGORIES.map(() => 0),
});

export function addCategoryTokens(into: CategoryTokens, add: CategoryTokens): void {
  for (let i = 0; i < BREAKDOWN_CATEGORIES.length; i++) {
    into.tokensIn[i]! += add.tokensIn[i]!;
    into.tokensOut[i]! += add.tokensOut[i]!;
  }
}

/**
 * A text as runs of one category (BREAKDOWN_CATEGORIES index): run i covers [starts[i], starts[i+1]) (the last one
 * to the end). A character under spans of several categories counts once, for the first in the legend's order (vital
 * before off-topic, …); uncovered → unlabelled. Runs, not characters, so a breakdown over thousands of pages adds
 * once per run.
 */
function categoryRuns(length: number, intervals: readonly CategoryInterval[]): { starts: number[]; cats: number[] } {
  const unlabelled = BREAKDOWN_CATEGORIES.length - 1;
  if (isOrderedDisjoint(intervals)) return disjointRuns(length, intervals);
  // A sweep over the intervals' ends (pos·16 + category·2 + opens), sorted natively: no per-character work.
  const events = new Float64Array(intervals.length * 2);
  let n = 0;
  for (const iv of intervals) {
    const s = Math.max(0, iv.start);
    const e = Math.min(length, iv.end);
    if (e <= s) continue;
    const c = SPAN_CATEGORIES.indexOf(iv.category);
    events[n++] = s * 16 + c * 2 + 1;
    events[n++] = e * 16 + c * 2;
  }
  const sorted = events.subarray(0, n).sort();
  const open = new Int32Array(SPAN_CATEGORIES.length);
  const runs = { starts: [0], cats: [unlabelled] };
  for (let i = 0; i < n;) {
    const pos = Math.floor(sorted[i]! / 16);
    for (; i < n && Math.floor(sorted[i]! / 16) === pos; i++) {
      const code = sorted[i]! % 16;
      open[code >> 1]! += code & 1 ? 1 : -1;
    }
    let c = unlabelled;
    for (let k = 0; k < open.length; k++) {
      if (open[k]! > 0) {
        c = k;
        break;
      }
    }
    pushRun(runs, pos, c);
  }
  return runs;
}

/** Sorted, non-overlapping intervals (the model's categories, most judge output): runs without sorting. */
function isOrderedDisjoint(intervals: readonly CategoryInterval[]): boolean {
  for (let i = 1; i < intervals.length; i++) if (intervals[i]!.start < intervals[i - 1]!.end) return false;
  return true;
}

function disjointRuns(length: number, intervals: readonly CategoryInterval[]): { starts: number[]; cats: number[] } {
  const unlabelled = BREAKDOWN_CATEGORIES.length - 1;
  const runs = { starts: [0], cats: [unlabelled] };
  for (const iv of intervals) {
    const s = Math.max(0, iv.start);
    const e = Math.min(length, iv.end);
    if (e <= s) continue;
    pushRun(runs, s, SPAN_CATEGORIES.indexOf(iv.category));
    pushRun(runs, e, unlabelled);
  }
  return runs;
}

/** Category `c` from `pos` on; a run of no characters is replaced, merging with the run before when they agree. */
function pushRun(runs: { starts: number[]; cats: number[] }, pos: number, c: number): void {
  const { starts, cats } = runs;
  const last = cats.length - 1;
  if (cats[last] === c) return;
  if (starts[last] === pos) {
    if (last > 0 && cats[last - 1] === c) {
      starts.pop();
      cats.pop();
    } else cats[last] = c;
  } else {
    starts.push(pos);
    cats.push(c);
  }
}

/** Adds `tokens` over the characters [from, to), split by category in proportion to their characters. */
function spread(target: number[], runs: { starts: number[]; cats: number[] }, from: number, to: number, tokens: number): void {
  const len = to - from;
  if (len <= 0 || tokens === 0) return;
  const { starts, cats } = runs;
  // The run holding `from`: the last start ≤ from.
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= from) lo = mid;
    else hi = mid - 1;
  }
  for (let i = lo; i < starts.length && starts[i]! < to; i++) {
    const s = Math.max(from, starts[i]!);
    const e = Math.min(to, i + 1 < starts.length ? starts[i + 1]! : Infinity);
    if (e > s) target[cats[i]!]! += (tokens * (e - s)) / len;
  }
}

/**
 * One result set's tokens by category: each unit's downstream tokens are split over its characters' categories (a unit
 * half navigation, half vital gives each half its tokens); the kept ones count again as output. A unit the selection
 * cut to fit the budget counts its kept prefix with the tokens it kept.
 */
export function categoryTokensOfSelection({
  results,
  selection,
  categories,
}: {
  results: readonly SelectableResult[];
  selection: Selection;
  /** Per result (same order), its labelled regions. */
  categories: readonly (readonly CategoryInterval[])[];
}): CategoryTokens {
  const out = emptyCategoryTokens();
  results.forEach((res, r) => {
    const sel = selection.results[r];
    const cats = categoryRuns(res.doc.text.length, categories[r] ?? []);
    const kept = new Set(sel?.keptUnits ?? []);
    let keptFull = 0;
    for (const u of kept) keptFull += res.unitTokens[u] ?? 0;
    for (let u = 0; u < res.units.length; u++) {
      const unit = res.units[u]!;
      const tokens = res.unitTokens[u] ?? 0;
      spread(out.tokensIn, cats, unit.start, unit.end, tokens);
      if (!kept.has(u)) continue;
      const span = sel!.spans.find((s) => s.start <= unit.start && s.end > unit.start);
      const end = span ? Math.min(unit.end, span.end) : unit.end;
      // The cut unit: the result's tokensOut minus its whole kept units.
      const keptTokens = end < unit.end ? Math.max(0, sel!.tokensOut - (keptFull - tokens)) : tokens;
      spread(out.tokensOut, cats, unit.start, end, keptTokens);
    }
  });
  return out;
}

/** One category's row (lib/schemas/eval-rows.ts, beside the API schema that describes it). */
export type { CategoryShareRow };

/** Totals → one row per category with its shares and relative change. */
export function summarizeCategoryTokens(t: CategoryTokens): { totalIn: number; totalOut: number; rows: CategoryShareRow[] } {
  const totalIn = t.tokensIn.reduce((a, b) => a + b, 0);
  const totalOut = t.tokensOut.reduce((a, b) => a + b, 0);
  const rows = BREAKDOWN_CATEGORIES.map((category, i): CategoryShareRow => {
    const tokensIn = t.tokensIn[i]!;
    const tokensOut = t.tokensOut[i]!;
    const shareIn = totalIn > 0 ? tokensIn / totalIn : 0;
    const shareOut = totalOut > 0 ? tokensOut / totalOut : 0;
    return { category, tokensIn, tokensOut, shareIn, shareOut, change: shareIn > 0 && totalOut > 0 ? shareOut / shareIn - 1 : null };
  });
  return { totalIn, totalOut, rows };
}

/** Tokens with one decimal, shares as percentages with one decimal, changes as whole percentages: the table, the bars
 * and the CSV all round through these, so their numbers agree. */
export const roundTokens = (x: number) => Math.round(x * 10) / 10;
export const sharePercent = (x: number) => Math.round(x * 1000) / 10;
export const changePercent = (x: number | null) => (x === null ? null : Math.round(x * 100));

/** "+63 %", "−58 %", "±0 %", "—". */
export function formatChange(change: number | null): string {
  const pct = changePercent(change);
  if (pct === null) return "—";
  if (pct === 0) return "±0 %";
  return `${pct > 0 ? "+" : "−"}${Math.abs(pct)} %`;
}

/** "12.3 %". */
export function formatShare(share: number): string {
  return `${sharePercent(share).toFixed(1)} %`;
}
