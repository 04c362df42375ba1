"use client";

import { useEffect, useMemo } from "react";
import { CartesianGrid, ErrorBar, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { readableOnWhite, seriesStyle } from "@/components/charts/series-style";
import { SvgCaption } from "@/components/charts/svg-caption";
import { intervalKey } from "@/lib/eval/bootstrap-interval";
import type { FrontierMeasure, FrontierPoint, FrontierSeries } from "@/lib/eval/frontier";
import type { FrontierMethodInfo, FrontierResult } from "@/lib/schemas/research";
import { shortMethodName, type UnanswerableFigures } from "./frontier-display";
import { FrontierLabels } from "./frontier-labels";
import { FRONTIER_NOTE, INTERVALS_NOTE } from "./frontier-legend";
import { type FrontierChartPoint, PointShape, PointTooltip, type ShapeProps } from "./frontier-point";

export type { FrontierChartPoint } from "./frontier-point";

/** What a point is marked with: a preset's name (its budget), "default" (the model's threshold), or nothing. */
export function markOf(p: FrontierPoint, presets: Record<string, number>, method: FrontierMethodInfo | undefined): string | null {
  if (p.setting.kind === "budget") return Object.entries(presets).find(([, b]) => b === p.setting.value)?.[0] ?? null;
  return method?.defaultThreshold !== undefined && p.setting.value === method.defaultThreshold ? "default" : null;
}

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/**
 * Tokens per query (x) against the measure (y), one colour, marker and dash per method (fixed by its place in the
 * sweep, so hiding one never recolours another): the `shown` methods' sweep points (threshold points filled, budget
 * points hollow), with their bootstrap intervals when `showIntervals`, each method's Pareto front as its curve, the
 * presets and the model's default threshold marked and labelled with the method's name in its colour. Title, dataset,
 * pairs (and those with nothing vital) and legend are drawn in the SVG, so the exports carry them. Hover: the method,
 * setting and figures; click: `onSelect(point)`.
 */
export function FrontierChart({
  series,
  methods,
  shown,
  showIntervals,
  presets,
  measure,
  measureLabel,
  datasetName,
  pairs,
  unanswerablePairs = 0,
  unanswerable,
  intervals,
  selected,
  onSelect,
}: {
  /** Every method's series at the measure (in the sweep's order: it gives each its style). */
  series: FrontierSeries[];
  methods: FrontierMethodInfo[];
  /** The methods drawn (all when absent). */
  shown?: readonly string[];
  showIntervals: boolean;
  presets: Record<string, number>;
  measure: FrontierMeasure;
  measureLabel: string;
  datasetName: string;
  pairs: number;
  /** Gold pairs with nothing vital (no evidence): recall leaves them out. */
  unanswerablePairs?: number;
  /** Each point's figures on those pairs, by intervalKey. */
  unanswerable?: ReadonlyMap<string, UnanswerableFigures>;
  intervals?: FrontierResult["intervals"];
  selected: FrontierChartPoint | null;
  onSelect: (p: FrontierChartPoint) => void;
}) {
  const byMethod = useMemo(() => new Map(methods.map((m) => [m.method, m])), [methods]);
  const data = useMemo(
    () =>
      series.flatMap((s, i) => {
        if (shown && !shown.includes(s.method)) return [];
        const info = byMethod.get(s.method);
        const label = info?.label ?? s.method;
        const points: FrontierChartPoint[] = s.points.map((p) => {
          const key = intervalKey(p.method, p.setting);
          const interval = intervals?.[key]?.[measure];
          const yErr: [number, number] | undefined = interval && [Math.max(0, p.y - interval.lo), Math.max(0, interval.hi - p.y)];
          const u = unanswerable?.get(key);
          return { ...p, label, mark: markOf(p, presets, info), ...(interval && yErr ? { interval, yErr } : {}), ...(u ? { unanswerable: u } : {}) };
        });
        const front = points.filter((p) => p.pareto).sort((a, b) => a.x - b.x);
        return [{ ...s, label, short: shortMethodName(info ?? { method: s.method, label }), style: seriesStyle(i), points, front }];
      }),
    [series, shown, byMethod, presets, intervals, measure, unanswerable],
  );
  const labels = data.flatMap((s) =>
    s.points.flatMap((p) =>
      p.mark ? [{ x: p.x, y: p.y, mark: p.mark, method: s.method, prefix: s.short, color: readableOnWhite(s.style.color) }] : [],
    ),
  );
  const markers = data.flatMap((s) => s.points.map((p) => ({ x: p.x, y: p.y, r: p.mark ? 6 : 4 })));

  // First render of the chart after the data (the e2e benchmark reads it).
  useEffect(() => {
    requestAnimationFrame(() => performance.mark("snippet-lab:frontier-rendered"));
  }, [data]);

  const maxX = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.x)));
  const withNothingVital = unanswerablePairs > 0 ? ` (${plural(unanswerablePairs, "pair")} with nothing vital)` : "";
  return (
    <div className="w-full" data-testid="frontier-chart" data-shown={data.map((s) => s.method).join(" ")} data-intervals={showIntervals}>
      <ScatterChart
        responsive
        style={{ width: "100%", maxWidth: 960, aspectRatio: 1.8 }}
        width={960}
        height={533}
        margin={{ top: 16, right: 24, bottom: 36, left: 12 }}
        accessibilityLayer
      >
        <CartesianGrid stroke="#e2e8f0" />
        <XAxis
          type="number"
          dataKey="x"
          name="Tokens per query"
          domain={[0, Math.ceil(maxX * 1.05)]}
          tickFormatter={(v: number) => v.toLocaleString("en")}
          label={{ value: "Downstream tokens per query (mean)", position: "insideBottom", offset: -20, fill: "#334155", fontSize: 12 }}
          stroke="#64748b"
          fontSize={11}
        />
        <YAxis
          type="number"
          dataKey="y"
          name={measureLabel}
          domain={[0, 1]}
          tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
          label={{
            value: measureLabel,
            angle: -90,
            position: "insideLeft",
            offset: 4,
            fill: "#334155",
            fontSize: 12,
            style: { textAnchor: "middle" },
          }}
          stroke="#64748b"
          fontSize={11}
          width={64}
        />
        <Tooltip cursor={{ strokeDasharray: "3 3" }} content={<PointTooltip measureLabel={measureLabel} />} isAnimationActive={false} />
        {data.map((s) => (
          <Scatter
            key={`front-${s.method}`}
            name={`${s.label} (Pareto front)`}
            data={s.front}
            line={
              {
                stroke: s.style.color,
                strokeWidth: 2,
                strokeDasharray: s.style.dash || undefined,
                className: "frontier-curve",
                "data-method": s.method,
              } as never
            }
            lineType="joint"
            shape={() => <g />}
            isAnimationActive={false}
            legendType="none"
            tooltipType="none"
          />
        ))}
        {data.map((s) => (
          <Scatter
            key={`points-${s.method}`}
            name={s.label}
            data={s.points}
            fill={s.style.color}
            isAnimationActive={false}
            shape={(props: ShapeProps) => (
              <PointShape {...props} color={s.style.color} shape={s.style.shape} selected={selected} onSelect={onSelect} />
            )}
          >
            {showIntervals && <ErrorBar dataKey="yErr" direction="y" stroke={s.style.color} strokeOpacity={0.6} width={4} />}
          </Scatter>
        ))}
        <FrontierLabels labels={labels} markers={markers} />
        <SvgCaption
          title={`Threshold and budget frontier: ${measureLabel}`}
          subtitle={`Dataset ${datasetName} · ${plural(pairs, "gold pair")}${withNothingVital} · x: downstream tokens per query (mean)`}
          items={data.map((s) => ({ key: s.method, label: `${s.label} (${s.points.length} points)`, ...s.style }))}
          notes={[`${FRONTIER_NOTE}${showIntervals ? ` · ${INTERVALS_NOTE}` : ""} · labels: presets and default thresholds, by method`]}
        />
      </ScatterChart>
      <p className="mt-1 text-xs text-slate-500" data-testid="frontier-caption">
        Dataset {datasetName} · {plural(pairs, "gold pair")}
        {withNothingVital}
      </p>
    </div>
  );
}
