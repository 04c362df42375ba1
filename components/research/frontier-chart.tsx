"use client";

import { useEffect, useMemo } from "react";
import { CartesianGrid, ErrorBar, Scatter, ScatterChart, Symbols, Tooltip, XAxis, YAxis } from "recharts";
import { SvgCaption } from "@/components/charts/svg-caption";
import { seriesStyle } from "@/components/charts/series-style";
import { intervalKey } from "@/lib/eval/bootstrap-interval";
import { type FrontierMeasure, type FrontierPoint, type FrontierSeries, formatSetting } from "@/lib/eval/frontier";
import type { FrontierMethodInfo, FrontierResult } from "@/lib/schemas/research";
import { FrontierLabels } from "./frontier-labels";

export type FrontierChartPoint = FrontierPoint & {
  label: string;
  mark: string | null;
  /** The 95 % bootstrap interval over pairs of y, when the sweep has it; `yErr` is its distance below and above. */
  interval?: { lo: number; hi: number };
  yErr?: [number, number];
};

const NOTES = ["Filled: thresholds (no budget) · hollow: budgets (threshold 0) · line: Pareto front · bars: 95 % bootstrap interval over pairs"];

/** What a point is marked with: a preset's name (its budget), "default" (the model's threshold), or nothing. */
export function markOf(p: FrontierPoint, presets: Record<string, number>, method: FrontierMethodInfo | undefined): string | null {
  if (p.setting.kind === "budget") return Object.entries(presets).find(([, b]) => b === p.setting.value)?.[0] ?? null;
  return method?.defaultThreshold !== undefined && p.setting.value === method.defaultThreshold ? "default" : null;
}

type ShapeProps = { cx?: number; cy?: number; payload?: FrontierChartPoint };

/**
 * Tokens per query (x) against the measure (y), one colour, marker and dash per method: every sweep point (threshold
 * points filled, budget points hollow) with its bootstrap interval, the method's Pareto front as its curve, the presets
 * and the model's default threshold marked and labelled without collisions. Title, dataset, pairs and legend are drawn
 * in the SVG, so the exports carry them. Hover: the method, setting and figures; click: `onSelect(point)`.
 */
export function FrontierChart({
  series,
  methods,
  presets,
  measure,
  measureLabel,
  datasetName,
  pairs,
  intervals,
  selected,
  onSelect,
}: {
  series: FrontierSeries[];
  methods: FrontierMethodInfo[];
  presets: Record<string, number>;
  measure: FrontierMeasure;
  measureLabel: string;
  datasetName: string;
  pairs: number;
  intervals?: FrontierResult["intervals"];
  selected: FrontierChartPoint | null;
  onSelect: (p: FrontierChartPoint) => void;
}) {
  const byMethod = useMemo(() => new Map(methods.map((m) => [m.method, m])), [methods]);
  const data = useMemo(
    () =>
      series.map((s) => {
        const info = byMethod.get(s.method);
        const label = info?.label ?? s.method;
        const points: FrontierChartPoint[] = s.points.map((p) => {
          const interval = intervals?.[intervalKey(p.method, p.setting)]?.[measure];
          const yErr: [number, number] | undefined = interval && [Math.max(0, p.y - interval.lo), Math.max(0, interval.hi - p.y)];
          return { ...p, label, mark: markOf(p, presets, info), ...(interval && yErr ? { interval, yErr } : {}) };
        });
        return { ...s, label, points, front: points.filter((p) => p.pareto).sort((a, b) => a.x - b.x) };
      }),
    [series, byMethod, presets, intervals, measure],
  );
  const marked = data.flatMap((s) => s.points.flatMap((p) => (p.mark ? [{ x: p.x, y: p.y, mark: p.mark }] : [])));

  // First render of the chart after the data (the e2e benchmark reads it).
  useEffect(() => {
    requestAnimationFrame(() => performance.mark("snippet-lab:frontier-rendered"));
  }, [data]);

  const maxX = Math.max(1, ...data.flatMap((s) => s.points.map((p) => p.x)));
  return (
    <div className="w-full" data-testid="frontier-chart">
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
        {data.map((s, i) => {
          const style = seriesStyle(i);
          return (
            <Scatter
              key={`front-${s.method}`}
              name={`${s.label} (Pareto front)`}
              data={s.front}
              line={
                {
                  stroke: style.color,
                  strokeWidth: 2,
                  strokeDasharray: style.dash || undefined,
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
          );
        })}
        {data.map((s, i) => {
          const style = seriesStyle(i);
          return (
            <Scatter
              key={`points-${s.method}`}
              name={s.label}
              data={s.points}
              fill={style.color}
              isAnimationActive={false}
              shape={(props: ShapeProps) => <PointShape {...props} color={style.color} shape={style.shape} selected={selected} onSelect={onSelect} />}
            >
              <ErrorBar dataKey="yErr" direction="y" stroke={style.color} strokeOpacity={0.6} width={4} />
            </Scatter>
          );
        })}
        <FrontierLabels points={marked} />
        <SvgCaption
          title={`Threshold and budget frontier: ${measureLabel}`}
          subtitle={`Dataset ${datasetName} · ${pairs.toLocaleString("en")} gold pair${pairs === 1 ? "" : "s"} · x: downstream tokens per query (mean)`}
          items={data.map((s, i) => ({
            key: s.method,
            label: `${s.label} (${s.points.length} points)`,
            ...seriesStyle(i),
          }))}
          notes={NOTES}
        />
      </ScatterChart>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700" aria-label="Methods" data-testid="frontier-legend">
        {data.map((s, i) => {
          const style = seriesStyle(i);
          return (
            <li key={s.method} className="flex items-center gap-1.5" data-testid="frontier-legend-item" data-method={s.method}>
              <svg width="28" height="12" aria-hidden="true">
                <line x1="0" y1="6" x2="28" y2="6" stroke={style.color} strokeWidth="2" strokeDasharray={style.dash || undefined} />
                <Symbols cx={14} cy={6} type={style.shape} size={36} fill={style.color} />
              </svg>
              {s.label} <span className="text-slate-500">({s.points.length} points)</span>
            </li>
          );
        })}
        <li className="text-slate-500">{NOTES[0]}</li>
      </ul>
      <p className="mt-1 text-xs text-slate-500" data-testid="frontier-caption">
        Dataset {datasetName} · {pairs.toLocaleString("en")} gold pair{pairs === 1 ? "" : "s"}
      </p>
    </div>
  );
}

function PointShape({
  cx = 0,
  cy = 0,
  payload,
  color,
  shape,
  selected,
  onSelect,
}: ShapeProps & {
  color: string;
  shape: ReturnType<typeof seriesStyle>["shape"];
  selected: FrontierChartPoint | null;
  onSelect: (p: FrontierChartPoint) => void;
}) {
  if (!payload) return <g />;
  const isSelected =
    selected !== null &&
    selected.method === payload.method &&
    selected.setting.kind === payload.setting.kind &&
    selected.setting.value === payload.setting.value;
  const hollow = payload.setting.kind === "budget";
  const size = payload.mark ? 110 : 48;
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={`${payload.label}, ${formatSetting(payload.setting)}: ${payload.x.toLocaleString("en")} tokens, ${Math.round(payload.y * 1000) / 10}%`}
      className="cursor-pointer outline-none"
      data-testid="frontier-point"
      data-method={payload.method}
      data-setting={payload.setting.kind}
      data-value={payload.setting.value}
      data-mark={payload.mark ?? undefined}
      onClick={() => onSelect(payload)}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onSelect(payload)}
    >
      {isSelected && <circle cx={cx} cy={cy} r={11} fill="none" stroke="#0f172a" strokeWidth={1.5} />}
      <Symbols
        cx={cx}
        cy={cy}
        type={payload.mark === "default" ? "star" : shape}
        size={size}
        fill={hollow ? "#ffffff" : color}
        stroke={color}
        strokeWidth={hollow || payload.mark ? 2 : 1}
      />
    </g>
  );
}

function PointTooltip({ active, payload, measureLabel }: { active?: boolean; payload?: { payload?: FrontierChartPoint }[]; measureLabel: string }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p || !p.setting) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md" data-testid="frontier-tooltip">
      <p className="font-semibold text-slate-900">{p.label}</p>
      <p className="text-slate-700">
        {formatSetting(p.setting)}
        {p.mark ? ` (${p.mark === "default" ? "the model's default threshold" : `preset ${p.mark}`})` : ""}
      </p>
      <p className="text-slate-700">
        {p.x.toLocaleString("en")} tokens per query · {measureLabel}: {(p.y * 100).toFixed(1)}%
        {p.interval ? ` (95 % interval ${(p.interval.lo * 100).toFixed(1)}–${(p.interval.hi * 100).toFixed(1)}%)` : ""}
      </p>
      {p.pareto && <p className="text-slate-500">on the Pareto front</p>}
      <p className="text-slate-500">Click: the pairs behind this point</p>
    </div>
  );
}
