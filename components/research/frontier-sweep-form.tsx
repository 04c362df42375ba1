"use client";

import { useState } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { isLive, type useJob } from "@/components/jobs/use-job";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, FormMessage, Input } from "@/components/ui/field";
import { parseMethod } from "@/lib/engine/methods";
import { isAppError } from "@/lib/errors";
import { formatSweep, parseSweep } from "@/lib/eval/parse-sweep";
import { DEFAULT_SWEEP_BUDGETS, DEFAULT_SWEEP_THRESHOLDS } from "@/lib/schemas/jobs";
import type { FrontierResult } from "@/lib/schemas/research";

/**
 * The form that runs a sweep of a dataset as a background job (researchers and admins): methods, thresholds, budgets,
 * and the job's progress with cancel and resume.
 */
export function FrontierSweepForm({
  datasetId,
  datasetName,
  goldPairs,
  result,
  methodOptions,
  job: { job, error, busy, start, cancel, resume },
}: {
  datasetId: string;
  datasetName: string;
  goldPairs: number;
  result: FrontierResult | null;
  methodOptions: { value: string; label: string }[];
  job: ReturnType<typeof useJob>;
}) {
  // The last sweep's methods, else every method but the oracle (an upper bound) and the LLM methods (an LLM request
  // per pair): those are ticked on purpose.
  const [methods, setMethods] = useState<string[]>(
    () =>
      result?.methods.map((m) => m.method) ??
      methodOptions.filter((o) => o.value !== "oracle" && parseMethod(o.value).kind !== "llm").map((o) => o.value),
  );
  const [thresholds, setThresholds] = useState(() => formatSweep(result?.thresholds ?? DEFAULT_SWEEP_THRESHOLDS));
  const [budgets, setBudgets] = useState(() => formatSweep(result?.budgets ?? DEFAULT_SWEEP_BUDGETS));
  const [formError, setFormError] = useState<string | null>(null);

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
    void start({ kind: "frontier-sweep", payload: { datasetId, methods, thresholds: t, budgets: b } });
  };

  const live = isLive(job);
  return (
    <Card className="space-y-3" data-testid="sweep-form">
      <CardTitle>Run a sweep</CardTitle>
      <p className="text-xs text-slate-600">
        Every method over the {goldPairs.toLocaleString("en")} gold pair{goldPairs === 1 ? "" : "s"} of {datasetName}: each threshold with no budget,
        each budget at threshold 0 (the settings of <code>snippet-lab eval --thresholds … --budgets …</code>). Model probabilities come from the score
        cache; pairs without them are scored once first.
      </p>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700">Methods</legend>
        {methodOptions.map((o) => (
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
            canControl
            busy={busy}
            onCancel={() => void cancel()}
            onResume={() => void resume()}
            doneText={() => "Sweep finished."}
          />
        )}
      </div>
      {(formError || error) && <FormMessage tone="error">{formError ?? error}</FormMessage>}
    </Card>
  );
}
