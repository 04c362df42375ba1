"use client";

import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from "recharts";
import { SvgCaption } from "@/components/charts/svg-caption";
import { type BreakdownCategory, formatChange, formatShare } from "@/lib/eval/category-breakdown";
import { BREAKDOWN_LEGEND, BREAKDOWN_NOTE, BREAKDOWN_TITLE, BREAKDOWN_Y_LABEL } from "./category-breakdown-caption";
import { categoryColor } from "./category-colors";

export type BreakdownBar = { category: BreakdownCategory; label: string; in: number; out: number; change: number | null };

/** The neutral swatches of the legend: bars take their category's colour, the fill says pages or snippets. */
const LEGEND_COLOR = "#475569";

/**
 * The category bars: the share of input tokens (hatched, light) beside the share of kept tokens (solid), each in its
 * category's workspace colour, with a labelled y axis; title, dataset, pairs, method, source and legend drawn in the
 * SVG for the exports (SvgCaption). A bar opens the pairs behind it.
 */
export function CategoryBreakdownChart({
  bars,
  subtitle,
  onOpen,
}: {
  bars: readonly BreakdownBar[];
  subtitle: readonly string[];
  onOpen: (category: BreakdownCategory) => void;
}) {
  const open = (d: unknown) => onOpen((d as { category: BreakdownCategory }).category);
  return (
    <>
      <BarChart
        responsive
        style={{ width: "100%", maxWidth: 960, aspectRatio: 2.2 }}
        width={960}
        height={436}
        data={[...bars]}
        margin={{ top: 16, right: 16, bottom: 8, left: 12 }}
        accessibilityLayer
      >
        <defs>
          {bars.map((r) => (
            <Hatch key={r.category} id={`hatch-${r.category}`} color={categoryColor(r.category)} />
          ))}
          <Hatch id="hatch-legend" color={LEGEND_COLOR} />
        </defs>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" fontSize={11} stroke="#64748b" interval={0} />
        <YAxis
          domain={[0, "auto"]}
          tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
          fontSize={11}
          stroke="#64748b"
          width={64}
          label={{
            value: BREAKDOWN_Y_LABEL,
            angle: -90,
            position: "insideLeft",
            offset: 4,
            fill: "#334155",
            fontSize: 12,
            style: { textAnchor: "middle" },
          }}
        />
        <Tooltip
          isAnimationActive={false}
          formatter={(v, name) => [formatShare(Number(v)), name === "in" ? "of page tokens" : "of snippet tokens"]}
          labelFormatter={(label, items) => {
            const change = (items?.[0]?.payload as { change?: number | null } | undefined)?.change ?? null;
            return `${String(label)}: ${formatChange(change)}`;
          }}
        />
        <Bar dataKey="in" name="in" isAnimationActive={false} onClick={open} cursor="pointer">
          {bars.map((d) => (
            <Cell
              key={d.category}
              fill={`url(#hatch-${d.category})`}
              stroke={categoryColor(d.category)}
              data-testid="category-bar-in"
              data-category={d.category}
            />
          ))}
        </Bar>
        <Bar dataKey="out" name="out" isAnimationActive={false} onClick={open} cursor="pointer">
          {bars.map((d) => (
            <Cell key={d.category} fill={categoryColor(d.category)} data-testid="category-bar-out" data-category={d.category} />
          ))}
        </Bar>
        <SvgCaption
          title={BREAKDOWN_TITLE}
          subtitle={subtitle}
          items={[
            { key: "in", label: BREAKDOWN_LEGEND.in, color: LEGEND_COLOR, swatch: "url(#hatch-legend)" },
            { key: "out", label: BREAKDOWN_LEGEND.out, color: LEGEND_COLOR, swatch: LEGEND_COLOR },
          ]}
          notes={[BREAKDOWN_NOTE]}
        />
      </BarChart>
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700" aria-label="Legend" data-testid="categories-legend">
        <li className="flex items-center gap-1.5">
          <svg width="18" height="12" aria-hidden="true">
            <defs>
              <Hatch id="hatch-legend-html" color={LEGEND_COLOR} />
            </defs>
            <rect width="18" height="12" fill="url(#hatch-legend-html)" stroke={LEGEND_COLOR} />
          </svg>
          {BREAKDOWN_LEGEND.in}
        </li>
        <li className="flex items-center gap-1.5">
          <svg width="18" height="12" aria-hidden="true">
            <rect width="18" height="12" fill={LEGEND_COLOR} />
          </svg>
          {BREAKDOWN_LEGEND.out}
        </li>
        <li className="text-slate-500">{BREAKDOWN_NOTE}</li>
      </ul>
    </>
  );
}

/** A hatch of a colour: light fill, diagonal lines. */
function Hatch({ id, color }: { id: string; color: string }) {
  return (
    <pattern id={id} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
      <rect width="6" height="6" fill={color} fillOpacity={0.25} />
      <line x1="0" y1="0" x2="0" y2="6" stroke={color} strokeWidth="2" />
    </pattern>
  );
}
