// Client-safe and pure. The engine owns the category list: a model's category head predicts in this order
// (TokenScores.categories index into it); the annotation app's labels are the same list (lib/schemas/enums.ts).

export const SPAN_CATEGORIES = ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate"] as const;
export type SpanCategory = (typeof SPAN_CATEGORIES)[number];
