"use client";

import { useMemo, useState } from "react";
import { CartesianGrid, ErrorBar, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/chart-frame";
import { seriesStyle } from "@/components/charts/series-style";
import { SvgCaption } from "@/components/charts/svg-caption";
import { Select } from "@/components/ui/select";
import { toCsv } from "@/lib/eval/research-csv";
import { canPlace, type ModelPoint, modelMeasures, type PlacedModel, plottedSummary, qualityDomain } from "./models-chart-data";
import { ModelsLabels } from "./models-labels";

export type { ModelPoint } from "./models-chart-data";

const TITLE = "Latency per 512-token window (batch 1) against quality";

/**
 * Latency against quality: each model at its batch-1 p50 per window (the bar reaches its p99), labelled with both
 * clear of the bars; a teacher and its students share a colour and a line from the teacher to each student. The y axis
 * starts at 0. The quality measure is any the models have figures for (evaluation reports, the training's dev F1);
 * it opens on a primary one (models-chart-data.ts says which and why).
 */
export function ModelsChart({ models }: { models: ModelPoint[] }) {
  const { measures, initial } = useMemo(() => modelMeasures(models), [models]);
  const [measure, setMeasure] = useState(initial);
  const shown = measures.includes(measure) ? measure : initial;
  // Families: a teacher and its students.
  const families = useMemo(() => {
    const rootOf = (m: ModelPoint): string => {
      const t = models.find((x) => x.name === m.teacher);
      return t && t !== m ? rootOf(t) : m.name;
    };
    const out = new Map<string, ModelPoint[]>();
    for (const m of models) out.set(rootOf(m), [...(out.get(rootOf(m)) ?? []), m]);
    return [...out.entries()];
  }, [models]);

  const { placed, text: plottedText, missing } = plottedSummary(models, shown);
  const point = (m: PlacedModel) => ({ name: m.name, x: m.p50, y: m.quality[shown]!, err: [0, Math.max(0, m.p99 - m.p50)] });
  const drawn = families
    .map(([root, members], i) => ({ root, style: seriesStyle(i), pts: members.filter((m) => canPlace(m, shown)) }))
    .filter((f) => f.pts.length > 0);
  const labels = drawn.flatMap((f) =>
    f.pts.map((m) => ({
      name: m.name,
      x: m.p50,
      x99: m.p99,
      y: m.quality[shown]!,
      text: `${m.name} · p50 ${m.p50} / p99 ${m.p99} ms`,
      color: f.style.color,
    })),
  );
  const csv = () =>
    toCsv(
      ["model", "teacher", "p50Ms", "p99Ms", ...measures],
      models.map((m) => [m.name, m.teacher, m.p50, m.p99, ...measures.map((k) => m.quality[k] ?? null)]),
    );

  if (!shown) return <p className="text-sm text-slate-500">No model has evaluation figures to plot against its latency.</p>;
  return (
    <ChartFrame
      title={TITLE}
      name="models"
      csv={csv}
      testId="models-chart"
      aside={
        <label className="flex items-center gap-2 text-xs text-slate-700">
          y
          <Select size="sm" value={shown} onChange={(e) => setMeasure(e.target.value)} data-testid="models-measure">
            {measures.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </label>
      }
    >
      <ScatterChart
        responsive
        style={{ width: "100%", maxWidth: 960, aspectRatio: 2.4 }}
        width={960}
        height={400}
        margin={{ top: 20, right: 40, bottom: 30, left: 8 }}
      >
        <CartesianGrid stroke="#e2e8f0" />
        <XAxis
          type="number"
          dataKey="x"
          domain={[0, "auto"]}
          fontSize={11}
          stroke="#64748b"
          label={{ value: "ms per window (p50, bar to p99)", position: "insideBottom", offset: -16, fontSize: 12, fill: "#334155" }}
        />
        <YAxis
          type="number"
          dataKey="y"
          domain={qualityDomain(placed.map((m) => m.quality[shown]!))}
          fontSize={11}
          stroke="#64748b"
          width={64}
          tickFormatter={(v: number) => v.toFixed(2)}
          label={{ value: shown, angle: -90, position: "insideLeft", fontSize: 11, fill: "#334155", style: { textAnchor: "middle" } }}
        />
        <Tooltip isAnimationActive={false} formatter={(v) => String(v)} />
        {drawn.map(({ root, style, pts }) => (
          <Scatter
            key={root}
            name={root}
            data={pts.map(point)}
            fill={style.color}
            shape={style.shape}
            isAnimationActive={false}
            line={pts.length > 1 && pts.some((m) => m.name === root) ? { stroke: style.color, strokeDasharray: "4 3" } : false}
            lineType="joint"
          >
            <ErrorBar dataKey="err" direction="x" stroke={style.color} width={6} />
          </Scatter>
        ))}
        <ModelsLabels labels={labels} />
        <SvgCaption
          title={TITLE}
          subtitle={`y: ${shown} (axis from 0) · x: ms per window, p50 (bar to p99) · ${plottedText}`}
          items={drawn.map(({ root, style }) => ({ key: root, label: `${root} and its students`, ...style }))}
          notes={missing.length > 0 ? [`Not plotted: ${missing.join(", ")}`] : []}
        />
      </ScatterChart>
      <p className="text-xs text-slate-500" data-testid="models-chart-plotted">
        y: {shown}, from 0 · {plottedText}
      </p>
      {missing.length > 0 && (
        <p className="text-xs text-slate-500" data-testid="models-chart-missing">
          Not on the chart at this measure: {missing.join(", ")}. The CSV has every model.
        </p>
      )}
    </ChartFrame>
  );
}
