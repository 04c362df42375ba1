"use client";

import { Symbols } from "recharts";
import type { seriesStyle } from "@/components/charts/series-style";
import { type FrontierPoint, formatSetting } from "@/lib/eval/frontier";
import type { UnanswerableFigures } from "./frontier-display";

export type FrontierChartPoint = FrontierPoint & {
  label: string;
  mark: string | null;
  /** The 95 % bootstrap interval over pairs of y, when the sweep has it; `yErr` is its distance below and above. */
  interval?: { lo: number; hi: number };
  yErr?: [number, number];
  /** The point's figures on the pairs with nothing vital (no evidence), when the sweep has such pairs. */
  unanswerable?: UnanswerableFigures;
};

export type ShapeProps = { cx?: number; cy?: number; payload?: FrontierChartPoint };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** One sweep point: filled for a threshold, hollow for a budget, bigger when marked, a star at the model's default. */
export function PointShape({
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

/** A hovered point: method, setting, figures, and — beside recall — what it did on the pairs with nothing vital. */
export function PointTooltip({
  active,
  payload,
  measureLabel,
}: {
  active?: boolean;
  payload?: { payload?: FrontierChartPoint }[];
  measureLabel: string;
}) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p || !p.setting) return null;
  const u = p.unanswerable;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md" data-testid="frontier-tooltip">
      <p className="font-semibold text-slate-900">{p.label}</p>
      <p className="text-slate-700">
        {formatSetting(p.setting)}
        {p.mark ? ` (${p.mark === "default" ? "the model's default threshold" : `preset ${p.mark}`})` : ""}
      </p>
      <p className="text-slate-700">
        {p.x.toLocaleString("en")} tokens per query · {measureLabel}: {pct(p.y)}
        {p.interval ? ` (95 % interval ${(p.interval.lo * 100).toFixed(1)}–${(p.interval.hi * 100).toFixed(1)}%)` : ""}
      </p>
      {u && (
        <p className="text-slate-700" data-testid="frontier-tooltip-unanswerable">
          Nothing vital ({u.queries.toLocaleString("en")} pair{u.queries === 1 ? "" : "s"}): kept nothing on {pct(u.keptNothing)}, {u.tokensPerQuery}{" "}
          tokens kept per such pair
        </p>
      )}
      {p.pareto && <p className="text-slate-500">on the Pareto front</p>}
      <p className="text-slate-500">Click: the pairs behind this point</p>
    </div>
  );
}
