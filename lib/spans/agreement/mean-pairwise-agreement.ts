import { SPAN_CATEGORIES, type SpanCategory } from "../categories";
import type { AnnotatorPairAgreement } from "./compute-agreement";

export interface MeanMetric {
  /** Mean over the comparisons that have a value; null when none has. */
  mean: number | null;
  /** Comparisons that contributed (char F1 null = neither marked the category; degenerate kappa skipped). */
  count: number;
}

export interface MeanPairwiseAgreement {
  perCategory: Record<SpanCategory, { charF1: MeanMetric; kappa: MeanMetric }>;
  micro: { charF1: MeanMetric; kappa: MeanMetric };
  /** Comparisons considered (after the annotator filter). */
  comparisons: number;
}

export interface MeanPairwiseOptions {
  /** Annotator-pair comparisons, e.g. `report.pairs.flatMap((p) => p.annotatorPairs)`. */
  comparisons: readonly AnnotatorPairAgreement[];
  /** Only comparisons involving this annotator ("agreement of X with the others"). */
  annotator?: string;
  /** Count degenerate kappa (p_e = 1, reported as 1) as a value (default false: it says nothing). */
  includeDegenerate?: boolean;
}

/**
 * Macro view next to computeAgreement's pooled figures: the plain mean of per-comparison char F1 and kappa
 * (each annotator pair on each pair weighs the same, however long its documents are). Comparisons without a value
 * for a metric are left out of that metric's mean rather than counted as 0 or 1.
 */
export function meanPairwiseAgreement(opts: MeanPairwiseOptions): MeanPairwiseAgreement {
  const list = opts.annotator === undefined ? opts.comparisons : opts.comparisons.filter((c) => c.a === opts.annotator || c.b === opts.annotator);
  const includeDegenerate = opts.includeDegenerate ?? false;
  const mean = (values: (number | null)[]): MeanMetric => {
    const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
    return { mean: present.length === 0 ? null : present.reduce((s, v) => s + v, 0) / present.length, count: present.length };
  };
  const kappaOf = (t: { kappa: number | null; degenerate: boolean }) => (t.degenerate && !includeDegenerate ? null : t.kappa);
  const perCategory = {} as MeanPairwiseAgreement["perCategory"];
  for (const c of SPAN_CATEGORIES) {
    perCategory[c] = {
      charF1: mean(list.map((x) => x.perCategory[c].chars.f1)),
      kappa: mean(list.map((x) => kappaOf(x.perCategory[c].tokens))),
    };
  }
  return {
    perCategory,
    micro: { charF1: mean(list.map((x) => x.micro.chars.f1)), kappa: mean(list.map((x) => kappaOf(x.micro.tokens))) },
    comparisons: list.length,
  };
}
