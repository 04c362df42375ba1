"use client";

import { Symbols, useChartHeight, useChartWidth } from "recharts";
import type { SERIES_SHAPES } from "./series-style";

/** A series: its line (dash) and marker, or — for bars — a swatch filled with `swatch` (a colour or a pattern url). */
export type CaptionItem = { key: string; label: string; color: string; shape?: (typeof SERIES_SHAPES)[number]; dash?: string; swatch?: string };

const COLUMNS = 3;
const ROW = 16;
const TOP = 44;
/** Each subtitle line after the first. */
const SUBTITLE_LINE = 15;

/**
 * A chart's title, subtitle (dataset, pairs, measure; one line or several) and legend for its exports: drawn in the chart's SVG above and
 * below the chart's own area, hidden on the page (where the card's title and the HTML legend say the same), and shown
 * by serializeSvg (chart-export.ts), which grows the exported SVG and PNG by `data-export-pad-top/bottom` — so a figure
 * that leaves the app explains itself. Each series with its colour, marker and dash. A child of a Recharts chart.
 */
export function SvgCaption({
  title,
  subtitle,
  items,
  notes = [],
}: {
  title: string;
  subtitle?: string | readonly string[];
  items: readonly CaptionItem[];
  notes?: readonly string[];
}) {
  const width = useChartWidth() ?? 960;
  const height = useChartHeight() ?? 500;
  const legendRows = Math.ceil(items.length / COLUMNS);
  const bottom = (legendRows + notes.length) * ROW + 12;
  const col = (width - 24) / COLUMNS;
  const lines = subtitle === undefined ? [] : typeof subtitle === "string" ? [subtitle] : subtitle;
  const top = TOP + Math.max(0, lines.length - 1) * SUBTITLE_LINE;
  return (
    <g className="chart-caption" data-export-only="true" data-export-pad-top={top} data-export-pad-bottom={bottom} display="none">
      <text x={12} y={-top + 18} fontSize={14} fontWeight={600} fill="#0f172a">
        {title}
      </text>
      {lines.map((line, i) => (
        <text key={line} x={12} y={-top + 36 + i * SUBTITLE_LINE} fontSize={11} fill="#475569">
          {line}
        </text>
      ))}
      {items.map((it, i) => {
        const x = 12 + (i % COLUMNS) * col;
        const y = height + 8 + Math.floor(i / COLUMNS) * ROW;
        return (
          <g key={it.key}>
            {it.swatch ? (
              <rect x={x + 4} y={y} width={18} height={12} fill={it.swatch} stroke={it.color} />
            ) : (
              <line x1={x} y1={y + 6} x2={x + 26} y2={y + 6} stroke={it.color} strokeWidth={2} strokeDasharray={it.dash || undefined} />
            )}
            {it.shape && !it.swatch && <Symbols cx={x + 13} cy={y + 6} type={it.shape} size={36} fill={it.color} />}
            <text x={x + 32} y={y + 10} fontSize={11} fill="#334155">
              {it.label}
            </text>
          </g>
        );
      })}
      {notes.map((n, i) => (
        <text key={n} x={12} y={height + 8 + (legendRows + i) * ROW + 10} fontSize={10} fill="#64748b">
          {n}
        </text>
      ))}
    </g>
  );
}
