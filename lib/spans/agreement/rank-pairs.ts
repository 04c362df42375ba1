import type { SpanCategory } from "../categories";
import type { PairAgreement } from "./compute-agreement";

export interface RankPairsOptions {
  /** "kappa" (default) or "charF1". */
  metric?: "kappa" | "charF1";
  /** One category, or "micro" (default: micro char-F1 / pooled kappa). */
  category?: SpanCategory | "micro";
  /** Treat degenerate kappa (p_e = 1) as missing instead of 1 (default true: it says nothing about agreement). */
  skipDegenerate?: boolean;
}

/** The metric value a ranking uses, or null when it has no value. */
export function pairMetric(p: PairAgreement, opts: RankPairsOptions = {}): number | null {
  const cat = opts.category ?? "micro";
  const agreement = cat === "micro" ? p.micro : p.perCategory[cat];
  if ((opts.metric ?? "kappa") === "charF1") return agreement.chars.f1;
  if (agreement.tokens.degenerate && (opts.skipDegenerate ?? true)) return null;
  return agreement.tokens.kappa;
}

/** Pairs with the lowest agreement first; pairs without a value (one annotator, nothing labelled) last; ties by id. */
export function rankPairsByAgreement(pairs: readonly PairAgreement[], opts: RankPairsOptions = {}): PairAgreement[] {
  return pairs
    .map((p) => ({ p, v: pairMetric(p, opts) }))
    .sort((x, y) => {
      if (x.v === null || y.v === null) return x.v === y.v ? cmp(x.p.pairId, y.p.pairId) : x.v === null ? 1 : -1;
      return x.v - y.v || cmp(x.p.pairId, y.p.pairId);
    })
    .map((x) => x.p);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
