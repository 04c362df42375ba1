import type { CompressResultOut } from "../types.js";

type TokenScores = NonNullable<CompressResultOut["tokenScores"]>;

export interface SpanCategories {
  /** The category most of the span's model tokens were given. */
  category: string;
  /** Share of the span's model tokens per category (they sum to 1). */
  categories: Record<string, number>;
}

/**
 * Why a span was kept, in the model's words: the categories of the model tokens inside it (vital, off_topic, ads,
 * metadata, ui_navigation, duplicate). Null without a category head or without tokens in the span.
 */
export function spanCategories(tokenScores: TokenScores | undefined, start: number, end: number): SpanCategories | null {
  const cats = tokenScores?.categories;
  if (!tokenScores || !cats) return null;
  const { starts, ends } = tokenScores;
  // Tokens are in text order: the first that does not start before the span.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  const counts = new Map<string, number>();
  let total = 0;
  for (let i = lo; i < starts.length && starts[i]! < end; i++) {
    if (ends[i]! > end || cats[i] === undefined) continue;
    const label = tokenScores.categoryLabels?.[cats[i]!] ?? String(cats[i]);
    counts.set(label, (counts.get(label) ?? 0) + 1);
    total++;
  }
  if (total === 0) return null;
  let category = "";
  let best = -1;
  const categories: Record<string, number> = {};
  for (const [label, n] of counts) {
    categories[label] = n / total;
    if (n > best) [category, best] = [label, n];
  }
  return { category, categories };
}
