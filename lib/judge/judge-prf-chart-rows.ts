// The chart of /research/judge: per category (and all categories, micro) one bar per judge configuration, its
// precision, recall or F1 against the gold at span or token level. Pure: the page's chart and its tests read it.
import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "../spans/categories";
import type { PrfTable } from "./evaluate-judge";

export const JUDGE_CHART_MEASURES = ["f1", "precision", "recall"] as const;
export type JudgeChartMeasure = (typeof JUDGE_CHART_MEASURES)[number];
export const JUDGE_CHART_MEASURE_LABELS: Readonly<Record<JudgeChartMeasure, string>> = { f1: "F1", precision: "Precision", recall: "Recall" };

export type JudgeChartConfig = { key: string; span: PrfTable; token: PrfTable };
/** One category: its label and, per configuration key, the figure (null: nothing labelled on either side). */
export type JudgeChartRow = { category: SpanCategory | "all"; label: string } & Record<string, number | null | string>;

/**
 * Rows of the grouped bar chart: the categories any configuration or the gold labelled (tp + fp + fn > 0 somewhere),
 * in the categories' order, then "All categories" (micro), each with one value per configuration.
 */
export function judgePrfChartRows({
  configs,
  level,
  measure,
}: {
  configs: readonly JudgeChartConfig[];
  level: "span" | "token";
  measure: JudgeChartMeasure;
}): JudgeChartRow[] {
  const used = SPAN_CATEGORIES.filter((c) => configs.some((cfg) => cfg[level][c].tp + cfg[level][c].fp + cfg[level][c].fn > 0));
  return [...used, "all" as const].map((category) => {
    const row: JudgeChartRow = { category, label: category === "all" ? "All categories" : CATEGORY_META[category].label };
    for (const cfg of configs) row[cfg.key] = cfg[level][category][measure];
    return row;
  });
}
