// Client-safe and pure: the inspector re-runs it in the browser on every slider move.
import { AppError } from "../errors";
import type { ResultSelection, SelectableResult, Selection, Span } from "./types";

export const DEFAULT_FLOOR = 0.02;
export const SNIPPET_JOINER = "\n…\n";

export interface SelectSpansOptions {
  results: readonly SelectableResult[];
  /** Per result, one score per unit (missing scores count as 0). */
  unitScores: ReadonlyArray<ReadonlyArray<number>>;
  /** Downstream tokens for the whole result set (Infinity = no limit). */
  budget: number;
  /** Units scoring below it are never packed (the floor fallback may still keep one). */
  threshold: number;
  /**
   * At or below this score nothing is considered relevant: such units never fill the budget (not even at
   * threshold 0), and when nothing scores above it the selection is empty with a reason.
   */
  floor?: number;
  /**
   * The relevance gate of the whole result set (default: the floor). With a threshold above the floor, nothing is
   * kept unless the set's best unit scores above it: a query the results cannot answer keeps nothing, even when a
   * few units pass a low threshold. When the best does and nothing passes the threshold, the best unit is kept.
   * At a threshold at or below the floor (budget-only selection, as in rank-and-fill sweeps) it does not gate.
   * Models calibrate it (config.json `fallbackFloor`, `snippet-lab calibrate`).
   */
  fallbackFloor?: number;
  /**
   * When the best unit alone exceeds the budget (so packing skips it) and no unit that fits scores at least this
   * share of its score, the best unit is kept cut to a verbatim prefix instead: most of the one relevant sentence
   * rather than the budget filled with text the method ranks far below it. Only for a best unit above the fallback
   * floor. Absent: the budget is packed with whatever fits.
   */
  cutBestBelow?: number;
  /**
   * With `cutBestBelow`: the share of the best unit's characters its prefix must hold for the cut to replace the
   * packing (default 0). A sentence cut to a fragment rarely still says what it said; one a little over the budget does.
   */
  cutBestMinShare?: number;
  /**
   * Exact downstream counter used only when the fallback unit must be cut to fit the budget
   * (the server passes countDownstreamTokens); without it the cut is estimated from the unit's
   * characters-per-token ratio, which keeps this module free of the tokenizer's big tables.
   */
  countTokens?: (text: string) => number;
}

interface Candidate {
  r: number;
  u: number;
  score: number;
}

/** Which units a selection keeps (selectSpans' first stage): everything its spans, tokens and figures follow from. */
export interface UnitChoice {
  /** Per result, 1 for each kept unit. */
  kept: Uint8Array[];
  keptCount: number;
  /** The fallback unit cut to a verbatim prefix that fits the budget. */
  cut?: { r: number; u: number; end: number; tokens: number };
  reason?: string;
}

/**
 * Threshold, then greedy packing of ONE budget shared across the result set (best score first;
 * ties → earlier result, earlier unit; a unit that doesn't fit is skipped and smaller ones still
 * get their chance). With a threshold above the floor, a set whose best unit scores at or below the
 * fallback floor keeps nothing (the results don't answer the query). If nothing got in, the best unit
 * scoring above the fallback floor is kept anyway (cut to a verbatim prefix when it alone exceeds the
 * budget); otherwise the selection is empty with a `reason`. Kept units are returned in document
 * order, adjacent ones merged into one span.
 */
export function selectSpans(opts: SelectSpansOptions): Selection {
  return selectionOfChoice({ ...opts, choice: chooseUnits(opts) });
}

/**
 * The units selectSpans keeps, without building its spans: a sweep builds a selection only for a choice it has not
 * seen at another threshold (sameChoice).
 */
export function chooseUnits(opts: SelectSpansOptions): UnitChoice {
  const { results, unitScores, threshold } = opts;
  const floor = opts.floor ?? DEFAULT_FLOOR;
  const fallbackFloor = Math.max(floor, opts.fallbackFloor ?? floor);
  const budget = opts.budget;
  if (Number.isNaN(budget) || budget < 0) throw new AppError("BAD_REQUEST", `Budget must be ≥ 0, got ${budget}`);
  if (Number.isNaN(threshold)) throw new AppError("BAD_REQUEST", "Threshold must be a number");

  const kept = results.map((r) => new Uint8Array(r.units.length));
  let best: Candidate | undefined;
  for (let r = 0; r < results.length; r++) {
    const scores = unitScores[r] ?? [];
    const n = results[r]!.units.length;
    for (let u = 0; u < n; u++) {
      const score = scores[u] ?? 0;
      if (!best || score > best.score) best = { r, u, score };
    }
  }
  // The relevance gate: when even the best unit is not convincing, the few that pass a low threshold are the
  // model's noise on a set that doesn't answer the query. Budget-only selection (threshold ≤ floor) ranks and fills.
  const gated = threshold > floor && best !== undefined && best.score <= fallbackFloor;

  let keptCount = 0;
  if (!gated) {
    // Without a budget every candidate fits (token counts are finite): kept as found, not ranked (a sweep selects
    // millions of times).
    const unlimited = budget === Infinity;
    const candidates: Candidate[] = [];
    for (let r = 0; r < results.length; r++) {
      const scores = unitScores[r] ?? [];
      const flags = kept[r]!;
      for (let u = 0; u < flags.length; u++) {
        const score = scores[u] ?? 0;
        // A budget is a cap, not a target: units at or below the floor never fill it, whatever the threshold.
        if (!(score >= threshold && score > floor)) continue;
        if (unlimited) {
          flags[u] = 1;
          keptCount++;
        } else {
          candidates.push({ r, u, score });
        }
      }
    }
    candidates.sort((a, b) => b.score - a.score || a.r - b.r || a.u - b.u);
    let used = 0;
    for (const c of candidates) {
      const t = results[c.r]!.unitTokens[c.u] ?? 0;
      if (used + t <= budget) {
        kept[c.r]![c.u] = 1;
        used += t;
        keptCount++;
      }
    }
  }

  let reason: string | undefined;
  let cut: { r: number; u: number; end: number; tokens: number } | undefined;
  const bestTokens = best ? (results[best.r]!.unitTokens[best.u] ?? 0) : 0;
  if (keptCount > 0 && best && opts.cutBestBelow !== undefined && budget !== Infinity && bestTokens > budget) {
    if (best.score > fallbackFloor && best.score >= threshold) {
      let top = 0;
      for (let r = 0; r < results.length; r++) {
        const flags = kept[r]!;
        for (let u = 0; u < flags.length; u++) if (flags[u]) top = Math.max(top, unitScores[r]?.[u] ?? 0);
      }
      // Nothing that fit comes close: the best unit's prefix replaces it (when the budget holds enough of it).
      const c = top < opts.cutBestBelow * best.score ? cutBest(results[best.r]!, best.u, bestTokens, budget, opts.countTokens) : undefined;
      const unit = results[best.r]!.units[best.u]!;
      if (c && c.end - unit.start >= (opts.cutBestMinShare ?? 0) * (unit.end - unit.start)) {
        for (const flags of kept) flags.fill(0);
        cut = { r: best.r, u: best.u, ...c };
        keptCount = 1;
        reason = `The best unit (score ${best.score.toFixed(3)}) exceeds the budget (${budget} tokens) and nothing that fits scores ${opts.cutBestBelow} of it; kept the best unit, cut to fit the budget.`;
      }
    }
  }

  if (keptCount === 0) {
    if (!best) {
      reason = "There is no text to select from.";
    } else if (best.score <= fallbackFloor) {
      reason =
        best.score <= floor
          ? `No unit scored above the floor (${floor}): nothing in the results looks relevant to the query.`
          : gated && best.score >= threshold
            ? `No unit scored above the fallback floor (${fallbackFloor}; the best scored ${best.score.toFixed(3)}): the results do not look like they answer the query.`
            : `No unit reached the threshold (${threshold}) and none scored above ${fallbackFloor}: nothing in the results looks relevant enough to the query.`;
    } else {
      const why =
        best.score < threshold
          ? `No unit reached the threshold (${threshold}); kept the best unit (score ${best.score.toFixed(3)}).`
          : `No whole unit fits the budget (${budget} tokens); kept the best unit (score ${best.score.toFixed(3)}).`;
      if (bestTokens <= budget) {
        kept[best.r]![best.u] = 1;
        keptCount = 1;
        reason = why;
      } else {
        const c = cutBest(results[best.r]!, best.u, bestTokens, budget, opts.countTokens);
        if (c) {
          cut = { r: best.r, u: best.u, ...c };
          keptCount = 1;
          reason = `${why} It was cut to fit the budget.`;
        } else {
          reason = `The budget (${budget} tokens) is too small to keep any text.`;
        }
      }
    }
  }

  const choice: UnitChoice = { kept, keptCount };
  if (cut) choice.cut = cut;
  if (reason) choice.reason = reason;
  return choice;
}

/** Whether two choices keep the same units (and cut): then their selections are equal but for `budget`, `threshold` and `reason`. */
export function sameChoice(a: UnitChoice, b: UnitChoice): boolean {
  if (a.keptCount !== b.keptCount || a.kept.length !== b.kept.length) return false;
  if (a.cut || b.cut) {
    if (!a.cut || !b.cut || a.cut.r !== b.cut.r || a.cut.u !== b.cut.u || a.cut.end !== b.cut.end || a.cut.tokens !== b.cut.tokens) return false;
  }
  for (let r = 0; r < a.kept.length; r++) {
    const x = a.kept[r]!;
    const y = b.kept[r]!;
    if (x.length !== y.length) return false;
    for (let u = 0; u < x.length; u++) if (x[u] !== y[u]) return false;
  }
  return true;
}

/** Unit `u` of `res` (`tokens` long) cut to a verbatim prefix that fits `budget`; undefined when none does. */
function cutBest(res: SelectableResult, u: number, tokens: number, budget: number, countTokens: SelectSpansOptions["countTokens"]) {
  const unit = res.units[u]!;
  return cutToBudget(res.doc.text, unit.start, unit.end, tokens, Math.floor(budget), countTokens);
}

/** selectSpans' second stage: a choice's spans (document order, adjacent units merged), snippets and tokens. */
export function selectionOfChoice({
  results,
  unitScores,
  budget,
  threshold,
  choice,
}: Pick<SelectSpansOptions, "results" | "unitScores" | "budget" | "threshold"> & { choice: UnitChoice }): Selection {
  const { kept, keptCount, cut, reason } = choice;
  const out: ResultSelection[] = [];
  let tokensIn = 0;
  let tokensOut = 0;
  for (let r = 0; r < results.length; r++) {
    const res = results[r]!;
    const scores = unitScores[r] ?? [];
    const flags = kept[r]!;
    const spans: Span[] = [];
    const keptUnits: number[] = [];
    let out_ = 0;
    let open: { start: number; end: number; score: number } | undefined;
    const close = () => {
      if (open) spans.push({ resultId: res.id, ...open, text: res.doc.text.slice(open.start, open.end) });
      open = undefined;
    };
    for (let u = 0; u < res.units.length; u++) {
      const isCut = cut !== undefined && cut.r === r && cut.u === u;
      if (!flags[u] && !isCut) {
        close();
        continue;
      }
      const unit = res.units[u]!;
      const score = scores[u] ?? 0;
      const end = isCut ? cut!.end : unit.end;
      keptUnits.push(u);
      out_ += isCut ? cut!.tokens : (res.unitTokens[u] ?? 0);
      if (open) {
        open.end = end;
        if (score > open.score) open.score = score;
      } else {
        open = { start: unit.start, end, score };
      }
    }
    close();
    tokensIn += res.tokensIn;
    tokensOut += out_;
    out.push({
      resultId: res.id,
      spans,
      snippet: spans.map((s) => s.text).join(SNIPPET_JOINER),
      keptUnits,
      tokensIn: res.tokensIn,
      tokensOut: out_,
    });
  }

  const selection: Selection = { results: out, tokensIn, tokensOut, keptUnits: keptCount, budget, threshold };
  if (reason) selection.reason = reason;
  if (cut) selection.truncated = true;
  return selection;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * The longest verbatim prefix of text[start, end) that fits `budget` tokens, ending at a word
 * boundary when one is reasonably close (whitespace, or after a CJK character), else at a
 * character boundary (never inside a surrogate pair). Returns the absolute end offset and its tokens.
 */
function cutToBudget(
  text: string,
  start: number,
  end: number,
  unitTokens: number,
  budget: number,
  countTokens?: (text: string) => number,
): { end: number; tokens: number } | undefined {
  if (budget < 1 || end <= start) return undefined;
  const len = end - start;
  let limit = Math.max(1, Math.floor((len * budget) / Math.max(unitTokens, 1)));
  for (let attempt = 0; attempt < 30 && limit > 0; attempt++) {
    const cutEnd = findBoundary(text, start, start + limit);
    const prefix = text.slice(start, cutEnd);
    if (prefix.length === 0) return undefined;
    if (!countTokens) {
      return { end: cutEnd, tokens: Math.min(budget, Math.max(1, Math.ceil((unitTokens * prefix.length) / len))) };
    }
    const t = countTokens(prefix);
    if (t <= budget) return { end: cutEnd, tokens: t };
    // Shrink in proportion to the overshoot (and at least one character) and retry.
    limit = Math.min(cutEnd - start - 1, Math.floor(((cutEnd - start) * budget) / t));
  }
  return undefined;
}

function findBoundary(text: string, start: number, limit: number): number {
  const minWord = start + Math.floor((limit - start) / 2);
  for (let p = limit; p > minWord; p--) {
    const prev = text[p - 1]!;
    if (/\s/.test(text[p] ?? " ") && !/\s/.test(prev)) return p;
    if (CJK.test(prev) && p < text.length) return p;
  }
  let p = limit;
  const code = text.charCodeAt(p - 1);
  if (code >= 0xd800 && code <= 0xdbff) p--; // don't split a surrogate pair
  // Trailing whitespace carries no content.
  while (p > start && /\s/.test(text[p - 1]!)) p--;
  return p;
}
