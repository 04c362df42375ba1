import { type BreakdownCategory, UNLABELLED } from "@/lib/eval/category-breakdown";
import { SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { categoryColor, categoryLabel } from "./category-colors";

type Interval = { start: number; end: number };

/** The text's characters cut where a category or kept span starts or ends: each piece has one category and one kept state. */
export function categorySegments(
  text: string,
  categories: readonly (Interval & { category: string })[],
  kept: readonly Interval[],
  from = 0,
  to = text.length,
): { start: number; end: number; category: BreakdownCategory; kept: boolean }[] {
  const cuts = new Set<number>([from, to]);
  for (const c of categories) for (const p of [c.start, c.end]) if (p > from && p < to) cuts.add(p);
  for (const k of kept) for (const p of [k.start, k.end]) if (p > from && p < to) cuts.add(p);
  const points = [...cuts].sort((a, b) => a - b);
  const out: { start: number; end: number; category: BreakdownCategory; kept: boolean }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const s = points[i]!;
    const e = points[i + 1]!;
    // The first category in the legend's order wins, as in the figures.
    let best: number = SPAN_CATEGORIES.length;
    for (const c of categories) {
      const idx = SPAN_CATEGORIES.indexOf(c.category as SpanCategory);
      if (c.start <= s && c.end >= e && idx >= 0 && idx < best) best = idx;
    }
    out.push({
      start: s,
      end: e,
      category: (SPAN_CATEGORIES as readonly SpanCategory[])[best] ?? UNLABELLED,
      kept: kept.some((k) => k.start <= s && k.end >= e),
    });
  }
  return out;
}

const MAX_CHARS = 8_000;

/**
 * A document with its categories coloured (the workspace's colours, a light tint plus a bottom border), either whole
 * (`mode="page"`: the kept text outlined) or as the snippet (`mode="snippet"`: the kept spans only, joined by "…").
 */
export function CategoryText({
  text,
  categories,
  kept,
  mode,
}: {
  text: string;
  categories: readonly (Interval & { category: string })[];
  kept: readonly Interval[];
  mode: "page" | "snippet";
}) {
  const ranges = mode === "page" ? [{ start: 0, end: Math.min(text.length, MAX_CHARS) }] : kept;
  if (ranges.length === 0) return <p className="text-sm text-slate-500">Nothing kept.</p>;
  return (
    <div className="whitespace-pre-wrap text-sm leading-7 text-slate-900" data-testid={`category-text-${mode}`}>
      {ranges.map((r, i) => (
        <span key={`${r.start}-${r.end}`}>
          {i > 0 && <span className="text-slate-400">{"\n…\n"}</span>}
          {categorySegments(text, categories, mode === "page" ? kept : [], r.start, r.end).map((seg) => {
            const color = categoryColor(seg.category);
            const labelled = seg.category !== UNLABELLED;
            return (
              <span
                key={seg.start}
                title={categoryLabel(seg.category)}
                data-category={seg.category}
                style={{
                  backgroundColor: labelled ? `${color}26` : undefined,
                  borderBottom: labelled ? `2px solid ${color}` : undefined,
                  outline: seg.kept ? "1px solid #1e3a8a" : undefined,
                }}
              >
                {text.slice(seg.start, seg.end)}
              </span>
            );
          })}
        </span>
      ))}
      {mode === "page" && text.length > MAX_CHARS && (
        <p className="mt-1 text-xs text-slate-500">… {(text.length - MAX_CHARS).toLocaleString("en")} more characters not shown.</p>
      )}
    </div>
  );
}
