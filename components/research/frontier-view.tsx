"use client";

import { plural } from "@/lib/plural";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { isLive, useJob } from "@/components/jobs/use-job";
import { Select } from "@/components/ui/select";
import { intervalKey } from "@/lib/eval/bootstrap-interval";
import {
  availableMeasures,
  FRONTIER_MEASURE_LABELS,
  type FrontierBaseMeasure,
  type FrontierMeasure,
  frontierSeries,
  KEPT_NOTHING_MEASURE,
} from "@/lib/eval/frontier";
import { frontierRowsToCsv } from "@/lib/eval/research-csv";
import type { JobOut } from "@/lib/schemas/jobs";
import type { FrontierResponse } from "@/lib/schemas/research";
import { CATEGORY_META, isSpanCategory } from "@/lib/spans/categories";
import { FrontierChart } from "./frontier-chart";
import { unanswerableByPoint, unanswerablePairs } from "./frontier-display";
import { FrontierLegend } from "./frontier-legend";
import { FrontierPairs } from "./frontier-pairs";
import { FrontierSampleNote } from "./frontier-sample-note";
import { FrontierSweepForm } from "./frontier-sweep-form";
import { useFrontierDisplay } from "./use-frontier-display";
import { useFrontierPairs } from "./use-frontier-pairs";
import { Notice } from "@/components/ui/notice";

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
 * front, presets and default thresholds marked and labelled by method), the measure to plot (with "kept nothing when
 * nothing is vital" beside recall, and the count of those pairs), which methods to draw and whether with intervals,
 * exports, and — for researchers and admins — a form that runs a new sweep as a background job (progress, cancel,
 * resume). A point opens the pairs behind it.
 */
export function FrontierView(p: FrontierViewProps) {
  const router = useRouter();
  const result = p.frontier.result;
  const job = useJob({ initial: p.latestJob, onFinished: () => router.refresh() });

  const measures = useMemo(() => (result ? availableMeasures(result.rows) : []), [result]);
  const [measure, setMeasure] = useState<FrontierMeasure>("evidenceRecall");
  const shownMeasure = measures.includes(measure) ? measure : (measures[0] ?? "evidenceRecall");
  // Every method's series (the chart draws the shown ones; the legend lists them all).
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
  const display = useFrontierDisplay(result);
  const nothingVital = useMemo(() => (result ? unanswerablePairs(result.rows) : 0), [result]);
  const nothingVitalByPoint = useMemo(() => (result ? unanswerableByPoint(result.rows) : undefined), [result]);
  const hasIntervals = Boolean(
    result?.intervals && series.some((s) => s.points.some((pt) => result.intervals?.[intervalKey(s.method, pt.setting)]?.[shownMeasure])),
  );

  const { selected, pairs, error: pairsError, loading: pairsLoading, select } = useFrontierPairs(p.datasetId);

  const failedMethods = result?.methods.filter((m) => m.error) ?? [];
  return (
    <div className="space-y-5">
      {p.canRun && (
        <FrontierSweepForm
          datasetId={p.datasetId}
          datasetName={p.datasetName}
          goldPairs={p.goldPairs}
          result={result}
          methodOptions={p.methodOptions}
          job={job}
        />
      )}
      {!p.canRun && job.job && isLive(job.job) && (
        <p className="text-sm text-slate-600" role="status">
          A sweep of this dataset is running ({job.job.done} of {job.job.total} steps).
        </p>
      )}

      {!result && (
        <Notice testId="frontier-empty">
          No sweep of {p.datasetName} yet.{" "}
          {p.canRun ? "Run one above: it takes seconds for cached pairs." : "A researcher or admin can run one; the chart appears here."}
        </Notice>
      )}

      {result && (
        <>
          <p className="text-sm text-slate-700" data-testid="frontier-summary">
            {result.pairs.toLocaleString("en")} gold pair{result.pairs === 1 ? "" : "s"} (
            <span data-testid="frontier-unanswerable" data-count={nothingVital}>
              {nothingVital === 0
                ? "all with vital evidence"
                : `${(result.pairs - nothingVital).toLocaleString("en")} with vital evidence, ${nothingVital.toLocaleString("en")} with nothing vital`}
            </span>
            ) · {plural(result.thresholds.length, "threshold")} · {plural(result.budgets.length, "budget")} · finished{" "}
            {new Date(result.finishedAt).toLocaleString("en")} (model scores {result.timings.scoreMs} ms, sweep {result.timings.sweepMs} ms)
            {result.skipped.length > 0 && ` · ${result.skipped.length} pair(s) left out: ${result.skipped[0]!.reason}`}
          </p>
          {failedMethods.length > 0 && (
            <Notice tone="warn" as="div" role="alert" testId="frontier-method-errors">
              {failedMethods.map((m) => (
                <p key={m.method}>
                  <span className="font-medium">{m.label}</span> has no curve: {m.error}
                </p>
              ))}
            </Notice>
          )}
          {series.every((s) => s.points.length === 0) ? (
            <Notice testId="frontier-no-points">The sweep has no points to draw for this measure.</Notice>
          ) : (
            <ChartFrame
              title={
                shownMeasure === KEPT_NOTHING_MEASURE
                  ? "Tokens kept against pairs with nothing vital left empty"
                  : "Tokens kept against gold evidence kept"
              }
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
                shown={display.shown}
                showIntervals={display.showIntervals && hasIntervals}
                presets={result.presets}
                measure={shownMeasure}
                measureLabel={measureLabel(shownMeasure)}
                datasetName={result.datasetName}
                pairs={result.pairs}
                unanswerablePairs={nothingVital}
                {...(nothingVitalByPoint ? { unanswerable: nothingVitalByPoint } : {})}
                intervals={result.intervals}
                selected={selected}
                onSelect={(pt) => void select(pt)}
              />
              <FrontierLegend
                methods={series.map((s, i) => ({
                  method: s.method,
                  label: result.methods.find((m) => m.method === s.method)?.label ?? s.method,
                  points: s.points.length,
                  styleIndex: i,
                }))}
                shown={display.shown}
                onToggle={display.toggle}
                onAll={display.showAll}
                onDefault={display.showDefault}
                isDefault={display.isDefault}
                showIntervals={display.showIntervals}
                onIntervals={display.setShowIntervals}
                hasIntervals={hasIntervals}
              />
              {shownMeasure === KEPT_NOTHING_MEASURE && (
                <p className="text-xs text-slate-600" data-testid="frontier-unanswerable-note">
                  y: the share of the {nothingVital.toLocaleString("en")} pair{nothingVital === 1 ? "" : "s"} whose gold says nothing is vital where
                  the method kept nothing (higher is better); gold evidence kept is measured on the other{" "}
                  {(result.pairs - nothingVital).toLocaleString("en")}.
                </p>
              )}
              <FrontierSampleNote
                result={result}
                series={series.filter((s) => display.shown.includes(s.method))}
                measure={shownMeasure}
                intervalsDrawn={!hasIntervals ? "none" : display.showIntervals ? "drawn" : "hidden"}
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
