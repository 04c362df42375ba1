"use client";

import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import { layoutModelLabels } from "./models-chart-data";

/** A model's label at its point (p50, quality); its latency bar runs right to p99. */
export type ModelLabel = { name: string; x: number; x99: number; y: number; text: string; color: string };

/**
 * The models' labels, laid out clear of every latency bar, marker and other label (layoutModelLabels), with a leader
 * line in the model's colour when a label had to move away. A child of the chart (it reads the axes' scales).
 */
export function ModelsLabels({ labels }: { labels: readonly ModelLabel[] }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const area = usePlotArea();
  if (!xScale || !yScale) return null;
  const pixels = labels.flatMap((l) => {
    const x = xScale(l.x);
    const x99 = xScale(l.x99);
    const y = yScale(l.y);
    return x === undefined || x99 === undefined || y === undefined ? [] : [{ name: l.name, text: l.text, x, x99, y }];
  });
  const bounds = area ? { x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height } : undefined;
  const colorOf = new Map(labels.map((l) => [l.name, l.color]));
  return (
    <g className="models-labels" data-testid="models-labels">
      {layoutModelLabels(pixels, bounds).map((l) => {
        const color = colorOf.get(l.group ?? "") ?? "#0f172a";
        const far = Math.abs(l.y - l.anchor.y) > 24;
        return (
          <g key={l.group} data-testid="models-label" data-model={l.group}>
            {far && <line x1={l.anchor.x} y1={l.anchor.y} x2={l.x} y2={l.y - 4} stroke={color} strokeOpacity={0.7} strokeWidth={0.75} />}
            <text x={l.x} y={l.y} fontSize={11} fill="#0f172a" textAnchor={l.textAnchor} paintOrder="stroke" stroke="#ffffff" strokeWidth={3}>
              {l.text}
            </text>
          </g>
        );
      })}
    </g>
  );
}
