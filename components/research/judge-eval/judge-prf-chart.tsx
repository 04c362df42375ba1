"use client";

import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/chart-frame";
import { SvgCaption } from "@/components/charts/svg-caption";
import { seriesStyle } from "@/components/charts/series-style";
import { Select } from "@/components/ui/select";
import { JUDGE_CHART_MEASURE_LABELS, JUDGE_CHART_MEASURES, type JudgeChartMeasure, judgePrfChartRows } from "@/lib/judge/judge-prf-chart-rows";
import { judgeEvalToCsv } from "@/lib/eval/research-csv";
import type { JudgeEvalConfigResult } from "@/lib/schemas/judge";

export type JudgeChartConfigResult = Pick<JudgeEvalConfigResult, "key" | "model" | "promptVersion" | "variant" | "pairs" | "span" | "token">;

const LEVELS = { token: "token level", span: "span level" } as const;
type Level = keyof typeof LEVELS;
const configName = (c: JudgeChartConfigResult) => `${c.model} · ${c.promptVersion} · ${c.variant}`;

/** A fill pattern per configuration (solid, diagonal, dots, horizontal), so bars differ by more than their colour. */
function BarPatterns({ configs }: { configs: readonly JudgeChartConfigResult[] }) {
  return (
    <defs>
      {configs.map((c, i) => {
        const { color } = seriesStyle(i);
        const kind = i % 4;
        return (
          <pattern
            key={c.key}
            id={`judge-bar-${i}`}
            width={6}
            height={6}
            patternUnits="userSpaceOnUse"
            patternTransform={kind === 1 ? "rotate(45)" : undefined}
          >
            <rect width={6} height={6} fill={color} fillOpacity={kind === 0 ? 1 : 0.25} />
            {kind === 1 && <line x1={0} y1={0} x2={0} y2={6} stroke={color} strokeWidth={3} />}
            {kind === 2 && <circle cx={3} cy={3} r={1.6} fill={color} />}
            {kind === 3 && <line x1={0} y1={3} x2={6} y2={3} stroke={color} strokeWidth={2} />}
          </pattern>
        );
      })}
    </defs>
  );
}

/**
 * Judging the judge as a chart: per category and over all categories (micro), one bar per judge configuration — its
 * F1, precision or recall against the gold at token or span level — with PNG, SVG and CSV exports (the CSV: every
 * figure of every configuration, as the data route writes it).
 */
export function JudgePrfChart({
  configs,
  datasetName,
  goldPairs,
}: {
  configs: readonly JudgeChartConfigResult[];
  datasetName: string;
  goldPairs: number;
}) {
  const [level, setLevel] = useState<Level>("token");
  const [measure, setMeasure] = useState<JudgeChartMeasure>("f1");
  const rows = useMemo(() => judgePrfChartRows({ configs, level, measure }), [configs, level, measure]);
  const title = `Judge against gold: ${JUDGE_CHART_MEASURE_LABELS[measure]} per category (${LEVELS[level]})`;
  return (
    <ChartFrame
      title="Judge configurations against the gold"
      name={`judge-eval-${datasetName}-${level}-${measure}`}
      csv={() => judgeEvalToCsv(configs)}
      testId="judge-eval-chart"
      aside={
        <div className="flex items-center gap-2 text-xs text-slate-700">
          <Select
            size="sm"
            value={measure}
            onChange={(e) => setMeasure(e.target.value as JudgeChartMeasure)}
            aria-label="Measure"
            data-testid="judge-eval-chart-measure"
          >
            {JUDGE_CHART_MEASURES.map((m) => (
              <option key={m} value={m}>
                {JUDGE_CHART_MEASURE_LABELS[m]}
              </option>
            ))}
          </Select>
          <Select size="sm" value={level} onChange={(e) => setLevel(e.target.value as Level)} aria-label="Level" data-testid="judge-eval-chart-level">
            {Object.entries(LEVELS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        </div>
      }
    >
      <BarChart
        responsive
        style={{ width: "100%", maxWidth: 960, aspectRatio: 2.4 }}
        width={960}
        height={400}
        data={rows}
        margin={{ top: 12, right: 16, bottom: 24, left: 8 }}
      >
        <BarPatterns configs={configs} />
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis
          dataKey="label"
          fontSize={11}
          stroke="#64748b"
          label={{ value: "Category", position: "insideBottom", offset: -14, fontSize: 12, fill: "#334155" }}
        />
        <YAxis
          domain={[0, 1]}
          fontSize={11}
          stroke="#64748b"
          width={56}
          tickFormatter={(v: number) => v.toFixed(1)}
          label={{
            value: `${JUDGE_CHART_MEASURE_LABELS[measure]} (${LEVELS[level]})`,
            angle: -90,
            position: "insideLeft",
            fontSize: 12,
            fill: "#334155",
            style: { textAnchor: "middle" },
          }}
        />
        <Tooltip isAnimationActive={false} formatter={(v) => (typeof v === "number" ? v.toFixed(3) : "—")} />
        {configs.map((c, i) => (
          <Bar
            key={c.key}
            dataKey={c.key}
            name={configName(c)}
            fill={`url(#judge-bar-${i})`}
            stroke={seriesStyle(i).color}
            isAnimationActive={false}
          />
        ))}
        <SvgCaption
          title={title}
          subtitle={`Dataset ${datasetName} · ${goldPairs.toLocaleString("en")} gold pair${goldPairs === 1 ? "" : "s"} · each configuration on the gold pairs it judged`}
          items={configs.map((c, i) => ({
            key: c.key,
            label: `${configName(c)} (${c.pairs} pairs)`,
            color: seriesStyle(i).color,
            swatch: `url(#judge-bar-${i})`,
          }))}
        />
      </BarChart>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700" aria-label="Judge configurations" data-testid="judge-eval-chart-legend">
        {configs.map((c, i) => (
          <li key={c.key} className="flex items-center gap-1.5" data-testid="judge-eval-chart-legend-item" data-config={c.key}>
            <svg width="18" height="12" aria-hidden="true">
              <rect width="18" height="12" fill={`url(#judge-bar-${i})`} stroke={seriesStyle(i).color} />
            </svg>
            {configName(c)} <span className="text-slate-500">({c.pairs} pairs)</span>
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
