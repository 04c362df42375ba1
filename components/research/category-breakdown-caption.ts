// What the exported category figure says about itself (title, dataset, pairs, method, setting, source, filters, axis
// and legend): pure, so the page and the tests read the same words.
import type { CategoryBreakdown } from "@/lib/schemas/research";

export const BREAKDOWN_TITLE = "Share of tokens per category: pages and snippets";
export const BREAKDOWN_Y_LABEL = "Share of tokens (downstream LLM)";
export const BREAKDOWN_LEGEND = {
  in: "Pages: share of the input tokens (hatched, light)",
  out: "Snippets: share of the kept tokens (solid)",
} as const;
export const BREAKDOWN_NOTE = "Each bar in its category's colour; the table and the CSV hold the tokens and the change of share.";

/** Where a figure's categories come from, by the view's source choice. */
export const SOURCE_CAPTIONS = {
  all: "gold, else judge, else model labels",
  gold: "gold spans",
  judge: "LLM-judge suggestions",
  model: "the model's category predictions",
  none: "no labels (all unlabelled)",
} as const;

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/** "the medium preset (4,000 tokens, threshold 0.22)" / "threshold 0.4 without a budget". */
export function describeBreakdownSetting(setting: CategoryBreakdown["setting"]): string {
  return setting.kind === "preset"
    ? `the ${setting.preset} preset (${setting.budget.toLocaleString("en")} tokens, threshold ${setting.threshold})`
    : `threshold ${setting.threshold} without a budget`;
}

/**
 * The figure's subtitle, two lines: dataset (or every dataset), the pairs of the source shown, where the categories
 * come from and the filters that chose the pairs; then the method and setting that made the snippets.
 */
export function breakdownSubtitle({
  breakdown,
  datasetName,
  pairs,
  source,
}: {
  breakdown: Pick<CategoryBreakdown, "method" | "setting" | "filters">;
  /** The filtered dataset's name (absent: its id, or every dataset without a dataset filter). */
  datasetName?: string | null;
  /** Pairs behind the bars shown (the chosen source's). */
  pairs: number;
  source: keyof typeof SOURCE_CAPTIONS;
}): [string, string] {
  const f = breakdown.filters;
  const filters = [f.domain && `domain ${f.domain}`, f.from && `from ${f.from}`, f.to && `to ${f.to}`].filter(Boolean);
  return [
    [
      datasetName || f.datasetId ? `Dataset ${datasetName || f.datasetId}` : "All datasets",
      plural(pairs, "pair"),
      `categories from ${SOURCE_CAPTIONS[source]}`,
      ...filters,
    ].join(" · "),
    `Snippets by ${breakdown.method} at ${describeBreakdownSetting(breakdown.setting)}`,
  ];
}
