import { CATEGORY_META, type SpanCategory } from "@/lib/spans/categories";

/** A category as its text label with the Okabe–Ito colour as a side bar (never colour alone). */
export function CategoryChip({ category }: { category: SpanCategory }) {
  const meta = CATEGORY_META[category];
  return (
    <span
      className="inline-flex items-center gap-1 rounded border border-slate-200 bg-white px-1.5 py-0.5 text-xs font-medium text-slate-800"
      style={{ borderLeft: `4px solid ${meta.color}` }}
      title={meta.description}
      data-category={category}
    >
      {meta.label}
    </span>
  );
}

/** Identifying colours for annotator rows (distinct from the category palette); the email is always shown too. */
export const ANNOTATOR_COLORS = ["#334155", "#7C3AED", "#0E7490", "#B45309", "#BE123C", "#4D7C0F", "#1D4ED8", "#A21CAF"];

export const fmtScore = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? "—" : v.toFixed(digits));
export const fmtDate = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");
