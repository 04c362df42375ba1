"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { isLive, useJob } from "@/components/jobs/use-job";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { callApi } from "@/lib/client/call-api";
import { modelEvalScope } from "@/lib/schemas/jobs";
import { OPERATIONS } from "@/lib/schemas/operations";

/**
 * For a model without evaluation figures: evaluates it on a dataset's gold pairs as a background job (kind
 * model-eval), with progress, Cancel and Resume; the page refreshes when it ends and shows the figures. A live
 * evaluation of this model (another tab, before a reload) is picked up.
 */
export function ModelEvalButton({ model, datasets }: { model: string; datasets: readonly { id: string; name: string; goldPairs: number }[] }) {
  const router = useRouter();
  const withGold = datasets.filter((d) => d.goldPairs > 0);
  const [datasetId, setDatasetId] = useState(withGold[0]?.id ?? "");
  const { job, error, busy, start, follow, cancel, resume } = useJob({ onFinished: () => router.refresh() });
  const running = isLive(job);

  useEffect(() => {
    let cancelled = false;
    void callApi(OPERATIONS.listJobs, { query: { kind: "model-eval", scope: modelEvalScope({ model }), limit: 1 } }).then((r) => {
      if (!cancelled && r.ok && r.data.jobs[0] && isLive(r.data.jobs[0])) follow(r.data.jobs[0]);
    });
    return () => {
      cancelled = true;
    };
  }, [model, follow]);

  if (withGold.length === 0) {
    return <span className="text-slate-500">No dataset has gold pairs to evaluate it on yet.</span>;
  }
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="model-eval-box" data-model={model}>
      <Select size="sm" value={datasetId} onChange={(e) => setDatasetId(e.target.value)} aria-label={`Gold dataset to evaluate ${model} on`}>
        {withGold.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name} ({d.goldPairs} gold pairs)
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        size="xs"
        disabled={busy || running || !datasetId}
        onClick={() => void start({ kind: "model-eval", payload: { model, datasetId } })}
        data-testid="model-eval-run"
      >
        {running ? "Evaluating in the background…" : "Run an evaluation"}
      </Button>
      {job && (
        <JobProgress
          job={job}
          item="step"
          testId="model-eval"
          canControl
          busy={busy}
          onCancel={() => void cancel()}
          onResume={() => void resume()}
          doneText={() => "Evaluated."}
        />
      )}
      {error && (
        <span className="text-sm text-red-700" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
