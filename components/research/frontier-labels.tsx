"use client";

import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import { placeLabels } from "@/lib/eval/place-labels";

/**
 * The preset and default-threshold labels of the frontier's marked points, laid out together (placeLabels) so none
 * prints over another: points on one spot share one label ("medium/high"), nearby ones move around their point, with
 * a thin leader line when a label had to move away. A child of the chart (it reads the axes' scales).
 */
// 7 px a character: 10 px bold text with its white halo is wider than 6 px on average ("medium" is all wide letters).
export function FrontierLabels({ points }: { points: readonly { x: number; y: number; mark: string }[] }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const area = usePlotArea();
  if (!xScale || !yScale) return null;
  const anchors = points.flatMap((p) => {
    const x = xScale(p.x);
    const y = yScale(p.y);
    return x === undefined || y === undefined ? [] : [{ x, y, text: p.mark }];
  });
  const bounds = area ? { x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height } : undefined;
  return (
    <g className="frontier-labels" data-testid="frontier-labels">
      {placeLabels(anchors, { charWidth: 7, height: 12, ...(bounds ? { bounds } : {}) }).map((l) => {
        const far = Math.abs(l.y - l.anchor.y) > 20;
        return (
          <g key={`${l.anchor.x},${l.anchor.y}`} data-testid="frontier-mark-label">
            {far && <line x1={l.anchor.x} y1={l.anchor.y} x2={l.x} y2={l.y - 4} stroke="#94a3b8" strokeWidth={0.75} />}
            <text
              x={l.x}
              y={l.y}
              fontSize={10}
              fontWeight={600}
              fill="#0f172a"
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
