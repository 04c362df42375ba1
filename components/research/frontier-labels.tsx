"use client";

import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import { layoutFrontierLabels } from "./frontier-display";

/** A marked point's label: its mark ("medium", "default"), its method's short name and text colour. */
export type MarkLabel = { x: number; y: number; mark: string; method: string; prefix: string; color: string };

/**
 * The preset and default-threshold labels of the frontier's marked points, each tied to its method: written with the
 * method's short name in its colour ("bm25 medium/high"), one label per method and spot (two methods on one spot get
 * two labels), laid out together (layoutFrontierLabels) so none prints over another or, where it can, over a marker; a thin
 * leader line in the method's colour when a label had to move away. A child of the chart (it reads the axes' scales).
 */
export function FrontierLabels({ labels, markers }: { labels: readonly MarkLabel[]; markers: readonly { x: number; y: number; r: number }[] }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const area = usePlotArea();
  if (!xScale || !yScale) return null;
  const colorOf = new Map(labels.map((l) => [l.method, l.color]));
  const anchors = labels.flatMap((l) => {
    const x = xScale(l.x);
    const y = yScale(l.y);
    return x === undefined || y === undefined ? [] : [{ x, y, mark: l.mark, method: l.method, prefix: l.prefix }];
  });
  const obstacles = markers.flatMap((m) => {
    const x = xScale(m.x);
    const y = yScale(m.y);
    return x === undefined || y === undefined ? [] : [{ x0: x - m.r, y0: y - m.r, x1: x + m.r, y1: y + m.r }];
  });
  const bounds = area ? { x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height } : undefined;
  return (
    <g className="frontier-labels" data-testid="frontier-labels">
      {layoutFrontierLabels({ marks: anchors, markers: obstacles, ...(bounds ? { bounds } : {}) }).map((l) => {
        const far = Math.abs(l.y - l.anchor.y) > 20;
        const color = colorOf.get(l.group ?? "") ?? "#0f172a";
        return (
          <g key={`${l.group}:${l.anchor.x},${l.anchor.y}`} data-testid="frontier-mark-label" data-method={l.group}>
            {far && <line x1={l.anchor.x} y1={l.anchor.y} x2={l.x} y2={l.y - 4} stroke={color} strokeOpacity={0.7} strokeWidth={0.75} />}
            <text
              x={l.x}
              y={l.y}
              fontSize={10}
              fontWeight={600}
              fill={color}
              textAnchor={l.textAnchor}
              paintOrder="stroke"
              stroke="#ffffff"
              strokeWidth={3}
            >
              {l.text}
            </text>
          </g>
        );
      })}
    </g>
  );
}
