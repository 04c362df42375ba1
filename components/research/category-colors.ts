// The research views' category colours: the workspace's (lib/spans/categories.ts), plus a neutral grey for text no
// span covers. Client- and server-safe.
import type { BreakdownCategory } from "@/lib/eval/category-breakdown";
import { CATEGORY_META, isSpanCategory } from "@/lib/spans/categories";

export const UNLABELLED_COLOR = "#94A3B8";
export const categoryLabel = (c: BreakdownCategory) => (isSpanCategory(c) ? CATEGORY_META[c].label : "Unlabelled");
export const categoryColor = (c: BreakdownCategory) => (isSpanCategory(c) ? CATEGORY_META[c].color : UNLABELLED_COLOR);
