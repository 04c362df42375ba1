"use client";

import { useMemo, useState } from "react";
import { CartesianGrid, ErrorBar, LabelList, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/charts/chart-frame";
import { SvgCaption } from "@/components/charts/svg-caption";
import { seriesStyle } from "@/components/charts/series-style";
import { Select } from "@/components/ui/select";
import { toCsv } from "@/lib/eval/research-csv";

/** What the chart needs of a model (the page passes it from describeModels). */
export type ModelPoint = {
  name: string;
  teacher: string | null;
  /** Batch-1 latency per window (null: not measured; the model is in the CSV but cannot be placed on the chart). */
  p50: number | null;
  p99: number | null;
  /** Measure label → value. */
  quality: Record<string, number>;
};

/**
 * Latency against quality: each model at its batch-1 p50 per window (the bar reaches its p99), labelled with both; a
 * teacher and its students share a colour and a line from the teacher to each student. The quality measure is any the
 * models have figures for (evaluation reports, the training's dev F1).
 */
export function ModelsChart({ models }: { models: ModelPoint[] }) {
  // Measures most models have first, so the chart opens on one that places every model it can.
  const measures = useMemo(() => {
    const count = new Map<string, number>();
    for (const m of models) for (const k of Object.keys(m.quality)) count.set(k, (count.get(k) ?? 0) + (m.p50 !== null ? 1 : 0));
    return [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)!);
  }, [models]);
  const [measure, setMeasure] = useState(measures[0] ?? "");
  const shown = measures.includes(measure) ? measure : (measures[0] ?? "");
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

  const placed = (m: ModelPoint): m is ModelPoint & { p50: number; p99: number } =>
    m.p50 !== null && m.p99 !== null && m.quality[shown] !== undefined;
  const missing = models
    .filter((m) => !placed(m))
    .map((m) => `${m.name} (${m.p50 === null ? "latency not measured" : "no figure for this measure"})`);
  const point = (m: ModelPoint & { p50: number; p99: number }) => ({
    name: m.name,
    x: m.p50,
    y: m.quality[shown],
    err: [0, Math.max(0, m.p99 - m.p50)],
    label: `${m.name} · p50 ${m.p50} / p99 ${m.p99} ms`,
  });
  const csv = () =>
    toCsv(
      ["model", "teacher", "p50Ms", "p99Ms", ...measures],
      models.map((m) => [m.name, m.teacher, m.p50, m.p99, ...measures.map((k) => m.quality[k] ?? null)]),
    );

  if (!shown) return <p className="text-sm text-slate-500">No model has evaluation figures to plot against its latency.</p>;
  return (
    <ChartFrame
      title="Latency per 512-token window (batch 1) against quality"
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
        margin={{ top: 20, right: 160, bottom: 30, left: 8 }}
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
          domain={["auto", "auto"]}
          fontSize={11}
          stroke="#64748b"
          width={64}
          tickFormatter={(v: number) => v.toFixed(3)}
          label={{ value: shown, angle: -90, position: "insideLeft", fontSize: 11, fill: "#334155", style: { textAnchor: "middle" } }}
        />
        <Tooltip isAnimationActive={false} formatter={(v) => String(v)} />
        {families.map(([root, members], i) => {
          const style = seriesStyle(i);
          const pts = members.filter(placed).map(point);
          const teacher = pts.find((p) => p.name === root);
          return (
            <Scatter
              key={root}
              name={root}
              data={pts}
              fill={style.color}
              shape={style.shape}
              isAnimationActive={false}
              line={teacher && pts.length > 1 ? { stroke: style.color, strokeDasharray: "4 3" } : false}
              lineType="joint"
            >
              <ErrorBar dataKey="err" direction="x" stroke={style.color} width={6} />
              <LabelList dataKey="label" position="right" fontSize={11} fill="#0f172a" />
            </Scatter>
          );
        })}
        <SvgCaption
          title="Latency per 512-token window (batch 1) against quality"
          subtitle={`y: ${shown} · x: ms per window, p50 (bar to p99) · ${models.length} models`}
          items={families.map(([root], i) => ({ key: root, label: `${root} and its students`, ...seriesStyle(i) }))}
        />
      </ScatterChart>
      {missing.length > 0 && (
        <p className="text-xs text-slate-500" data-testid="models-chart-missing">
          Not on the chart at this measure: {missing.join(", ")}. The CSV has every model.
        </p>
      )}
    </ChartFrame>
  );
}
