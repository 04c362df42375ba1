"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { JobProgress } from "@/components/jobs/job-progress";
import { isLive, useJob } from "@/components/jobs/use-job";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, FormMessage, Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { apiFetch } from "@/lib/client/api-fetch";
import { parseMethod } from "@/lib/engine/methods";
import { isAppError } from "@/lib/errors";
import { availableMeasures, FRONTIER_MEASURE_LABELS, type FrontierBaseMeasure, type FrontierMeasure, frontierSeries } from "@/lib/eval/frontier";
import { formatSweep, parseSweep } from "@/lib/eval/parse-sweep";
import { frontierRowsToCsv } from "@/lib/eval/research-csv";
import { DEFAULT_SWEEP_BUDGETS, DEFAULT_SWEEP_THRESHOLDS, type JobOut } from "@/lib/schemas/jobs";
import type { FrontierPairsResponse, FrontierResponse } from "@/lib/schemas/research";
import { CATEGORY_META, isSpanCategory } from "@/lib/spans/categories";
import { type FrontierChartPoint, FrontierChart } from "./frontier-chart";
import { FrontierPairs } from "./frontier-pairs";
import { FrontierSampleNote } from "./frontier-sample-note";

export type FrontierViewProps = {
  datasetId: string;
  datasetName: string;
  goldPairs: number;
  frontier: FrontierResponse;
  /** The dataset's latest sweep job (live, failed, cancelled, or the finished one whose result is shown). */
  latestJob: JobOut | null;
  methodOptions: { value: string; label: string }[];
  canRun: boolean;
};

const measureLabel = (m: FrontierMeasure) =>
  m.startsWith("category:")
    ? `${isSpanCategory(m.slice(9)) ? CATEGORY_META[m.slice(9) as keyof typeof CATEGORY_META].label : m.slice(9)} kept (share of characters)`
    : FRONTIER_MEASURE_LABELS[m as FrontierBaseMeasure];

/**
 * The threshold and budget frontier of one dataset: the latest sweep as a chart (one curve per method with its Pareto
 * front, presets and default thresholds marked), the measure to plot, exports, and — for researchers and admins — a
 * form that runs a new sweep as a background job (progress, cancel, resume). A point opens the pairs behind it.
 */
export function FrontierView(p: FrontierViewProps) {
  const router = useRouter();
  const result = p.frontier.result;
  const { job, error, busy, start, cancel, resume } = useJob({ initial: p.latestJob, onFinished: () => router.refresh() });

  // The last sweep's methods, else every method but the oracle (an upper bound) and the LLM methods (an LLM request
  // per pair): those are ticked on purpose.
  const [methods, setMethods] = useState<string[]>(
    () =>
      result?.methods.map((m) => m.method) ??
      p.methodOptions.filter((o) => o.value !== "oracle" && parseMethod(o.value).kind !== "llm").map((o) => o.value),
  );
  const [thresholds, setThresholds] = useState(() => formatSweep(result?.thresholds ?? DEFAULT_SWEEP_THRESHOLDS));
  const [budgets, setBudgets] = useState(() => formatSweep(result?.budgets ?? DEFAULT_SWEEP_BUDGETS));
  const [formError, setFormError] = useState<string | null>(null);

  const measures = useMemo(() => (result ? availableMeasures(result.rows) : []), [result]);
  const [measure, setMeasure] = useState<FrontierMeasure>("evidenceRecall");
  const shownMeasure = measures.includes(measure) ? measure : (measures[0] ?? "evidenceRecall");
  const series = useMemo(
    () =>
      result
        ? frontierSeries(
            result.rows,
            result.methods.filter((m) => !m.error).map((m) => m.method),
            shownMeasure,
          )
        : [],
    [result, shownMeasure],
  );

  const [selected, setSelected] = useState<FrontierChartPoint | null>(null);
  const [pairs, setPairs] = useState<FrontierPairsResponse | null>(null);
  const [pairsError, setPairsError] = useState<string | null>(null);
  const [pairsLoading, setPairsLoading] = useState(false);
  const select = async (point: FrontierChartPoint) => {
    setSelected(point);
    setPairs(null);
    setPairsError(null);
    setPairsLoading(true);
    const qs = new URLSearchParams({ datasetId: p.datasetId, method: point.method, [point.setting.kind]: String(point.setting.value) });
    const r = await apiFetch<FrontierPairsResponse>(`/api/v1/research/frontier/pairs?${qs}`);
    setPairsLoading(false);
    if (r.ok) setPairs(r.data);
    else setPairsError(r.error.message);
  };

  const run = () => {
    setFormError(null);
    let t: number[];
    let b: number[];
    try {
      t = parseSweep(thresholds);
      b = parseSweep(budgets).map((x) => Math.round(x));
    } catch (e) {
      return setFormError(isAppError(e) ? e.message : "Thresholds and budgets: numbers separated by commas, or start:end:step.");
    }
    if (methods.length === 0) return setFormError("Pick at least one method.");
    if (t.some((x) => x < 0 || x > 1)) return setFormError("Thresholds lie between 0 and 1.");
    if (b.some((x) => x < 1)) return setFormError("Budgets are at least 1 token.");
    void start({ kind: "frontier-sweep", payload: { datasetId: p.datasetId, methods, thresholds: t, budgets: b } });
  };

  const failedMethods = result?.methods.filter((m) => m.error) ?? [];
  const live = isLive(job);
  return (
    <div className="space-y-5">
      {p.canRun && (
        <Card className="space-y-3" data-testid="sweep-form">
          <CardTitle>Run a sweep</CardTitle>
          <p className="text-xs text-slate-600">
            Every method over the {p.goldPairs.toLocaleString("en")} gold pair{p.goldPairs === 1 ? "" : "s"} of {p.datasetName}: each threshold with
            no budget, each budget at threshold 0 (the settings of <code>snippet-lab eval --thresholds … --budgets …</code>). Model probabilities come
            from the score cache; pairs without them are scored once first.
          </p>
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <legend className="mb-1 text-sm font-medium text-slate-700">Methods</legend>
            {p.methodOptions.map((o) => (
              <label key={o.value} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={methods.includes(o.value)}
                  onChange={(e) => setMethods((ms) => (e.target.checked ? [...ms, o.value] : ms.filter((m) => m !== o.value)))}
                  data-testid={`sweep-method-${o.value}`}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Thresholds" hint="Comma-separated, or start:end:step. Each model's default threshold is added.">
              <Input value={thresholds} onChange={(e) => setThresholds(e.target.value)} data-testid="sweep-thresholds" />
            </Field>
            <Field label="Budgets (downstream tokens per query)" hint="The presets low/medium/high are 1000, 4000 and 10000.">
              <Input value={budgets} onChange={(e) => setBudgets(e.target.value)} data-testid="sweep-budgets" />
            </Field>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="accent" size="sm" onClick={run} disabled={busy || live} data-testid="sweep-run">
              {live ? "Sweep running…" : "Run sweep"}
            </Button>
            {job && (
              <JobProgress
                job={job}
                item="step"
                testId="sweep"
                canControl={p.canRun}
                busy={busy}
                onCancel={() => void cancel()}
                onResume={() => void resume()}
                doneText={() => "Sweep finished."}
              />
            )}
          </div>
          {(formError || error) && <FormMessage tone="error">{formError ?? error}</FormMessage>}
        </Card>
      )}
      {!p.canRun && job && isLive(job) && (
        <p className="text-sm text-slate-600" role="status">
          A sweep of this dataset is running ({job.done} of {job.total} steps).
        </p>
      )}

      {!result && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="frontier-empty">
          No sweep of {p.datasetName} yet.{" "}
          {p.canRun ? "Run one above: it takes seconds for cached pairs." : "A researcher or admin can run one; the chart appears here."}
        </p>
      )}

      {result && (
        <>
          <p className="text-sm text-slate-700" data-testid="frontier-summary">
            {result.pairs.toLocaleString("en")} gold pair{result.pairs === 1 ? "" : "s"} · {result.thresholds.length} thresholds ·{" "}
            {result.budgets.length} budgets · finished {new Date(result.finishedAt).toLocaleString("en")} (model scores {result.timings.scoreMs} ms,
            sweep {result.timings.sweepMs} ms)
            {result.skipped.length > 0 && ` · ${result.skipped.length} pair(s) left out: ${result.skipped[0]!.reason}`}
          </p>
          {failedMethods.length > 0 && (
            <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" role="alert" data-testid="frontier-method-errors">
              {failedMethods.map((m) => (
                <p key={m.method}>
                  <span className="font-medium">{m.label}</span> has no curve: {m.error}
                </p>
              ))}
            </div>
          )}
          {series.every((s) => s.points.length === 0) ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="frontier-no-points">
              The sweep has no points to draw for this measure.
            </p>
          ) : (
            <ChartFrame
              title="Tokens kept against gold evidence kept"
              name={`frontier-${result.datasetName}`}
              csv={() => frontierRowsToCsv(result.rows, result.intervals)}
              testId="frontier"
              aside={
                <label className="flex items-center gap-2 text-xs text-slate-700">
                  y
                  <Select
                    size="sm"
                    value={shownMeasure}
                    onChange={(e) => setMeasure(e.target.value as FrontierMeasure)}
                    data-testid="frontier-measure"
                  >
                    {measures.map((m) => (
                      <option key={m} value={m}>
                        {measureLabel(m)}
                      </option>
                    ))}
                  </Select>
                </label>
              }
            >
              <FrontierChart
                series={series}
                methods={result.methods}
                presets={result.presets}
                measure={shownMeasure}
                measureLabel={measureLabel(shownMeasure)}
                datasetName={result.datasetName}
                pairs={result.pairs}
                intervals={result.intervals}
                selected={selected}
                onSelect={(pt) => void select(pt)}
              />
              <FrontierSampleNote
                result={result}
                series={series}
                measure={shownMeasure}
                labelOf={(m) => result.methods.find((x) => x.method === m)?.label ?? m}
              />
            </ChartFrame>
          )}
        </>
      )}

      {selected && <FrontierPairs selected={selected} pairs={pairs} loading={pairsLoading} error={pairsError} />}
    </div>
  );
}
