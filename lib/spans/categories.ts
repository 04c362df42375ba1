import { SPAN_CATEGORIES, zSpanCategory, type SpanCategory } from "../schemas/enums";

// The DB enum module is pure (zod only), so the category list has one source of truth.
export { SPAN_CATEGORIES, zSpanCategory, type SpanCategory };

export interface CategoryMeta {
  label: string;
  /** Keyboard key that picks the category in the annotator ("1"–"6"). */
  key: string;
  /** Okabe–Ito colour (distinguishable with the common colour-vision deficiencies). */
  color: string;
  description: string;
}

/** UI metadata per category; keys follow SPAN_CATEGORIES order. */
export const CATEGORY_META: Readonly<Record<SpanCategory, CategoryMeta>> = {
  vital: { label: "Vital", key: "1", color: "#009E73", description: "Needed to answer the query: keep." },
  off_topic: { label: "Off-topic", key: "2", color: "#D55E00", description: "Real content, but not about the query." },
  ads: { label: "Ads", key: "3", color: "#E69F00", description: "Advertising, promotions, sponsored links." },
  metadata: { label: "Metadata", key: "4", color: "#56B4E9", description: "Bylines, dates, tags, share counts." },
  ui_navigation: { label: "UI / navigation", key: "5", color: "#CC79A7", description: "Menus, breadcrumbs, buttons, cookie banners." },
  duplicate: { label: "Duplicate", key: "6", color: "#0072B2", description: "Repeats content found elsewhere in the result set." },
};

/** The category bound to a keyboard key ("1"–"6"), or undefined. */
export function categoryForKey(key: string): SpanCategory | undefined {
  return SPAN_CATEGORIES.find((c) => CATEGORY_META[c].key === key);
}

export function isSpanCategory(value: unknown): value is SpanCategory {
  return typeof value === "string" && (SPAN_CATEGORIES as readonly string[]).includes(value);
}
