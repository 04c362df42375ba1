import { MATCH_METHODS, type MatchMethod } from "./types";

/** Quotes per matching step, and the ones no step located. */
export type MatchCounts = Record<MatchMethod | "unmatched", number>;
/** The steps of a match report, in the order they are tried, then "unmatched". */
export const MATCH_OUTCOMES = [...MATCH_METHODS, "unmatched"] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

export function emptyMatchCounts(): MatchCounts {
  return { exact: 0, normalized: 0, regex: 0, fuzzy: 0, unmatched: 0 };
}

/** Adds `b` into `a` (and returns `a`). Missing keys (older stored counts) count as 0. */
export function addMatchCounts(a: MatchCounts, b: Partial<MatchCounts> | null | undefined): MatchCounts {
  if (!b) return a;
  for (const k of MATCH_OUTCOMES) a[k] += Number(b[k] ?? 0) || 0;
  return a;
}

export const totalQuotes = (c: MatchCounts) => MATCH_OUTCOMES.reduce((n, k) => n + c[k], 0);

/**
 * The share of quotes matched at each step, and the cumulative share matched by that step (exact; exact + normalized;
 * … ; the last is every matched quote), rounded to 4 digits; null shares when there were no quotes.
 */
export function matchRates(c: MatchCounts): {
  quotes: number;
  share: Record<MatchOutcome, number | null>;
  cumulative: Record<MatchMethod, number | null>;
} {
  const quotes = totalQuotes(c);
  const r = (x: number) => (quotes === 0 ? null : Math.round((x / quotes) * 10_000) / 10_000);
  const share = Object.fromEntries(MATCH_OUTCOMES.map((k) => [k, r(c[k])])) as Record<MatchOutcome, number | null>;
  let running = 0;
  const cumulative = {} as Record<MatchMethod, number | null>;
  for (const k of MATCH_METHODS) {
    running += c[k];
    cumulative[k] = r(running);
  }
  return { quotes, share, cumulative };
}

/** "exact 97.5% · normalized 1.2% · regex 0.4% · fuzzy 0.3% · unmatched 0.6% (812 quotes)". */
export function formatMatchRates(c: MatchCounts): string {
  const { quotes, share } = matchRates(c);
  if (quotes === 0) return "no quotes";
  const pct = (x: number | null) => `${((x ?? 0) * 100).toFixed(1)}%`;
  return `${MATCH_OUTCOMES.map((k) => `${k} ${pct(share[k])}`).join(" · ")} (${quotes.toLocaleString("en")} quote${quotes === 1 ? "" : "s"})`;
}
