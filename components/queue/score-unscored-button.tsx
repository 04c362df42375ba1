"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { isLive, useJob } from "@/components/jobs/use-job";
import { callApi } from "@/lib/client/call-api";
import { scorePairsScope } from "@/lib/schemas/jobs";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Button } from "@/components/ui/button";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Researchers/admins: scores every pair without model scores (of the filtered dataset, else of all datasets) as a
 * background job (kind score-pairs, run by the job runner), with a progress bar polled once a second, Cancel and Resume;
 * the queue refreshes when it ends. A job that is already queued or running for this scope (started in another tab,
 * or before a reload) is picked up and shown.
 */
export function ScoreUnscoredButton({ datasetId }: { datasetId?: string }) {
  const router = useRouter();
  const { job, error, busy, start, follow, cancel, resume } = useJob({ onFinished: () => router.refresh() });
  const running = isLive(job);

  // Pick up a job already live for this scope.
  useEffect(() => {
    let cancelled = false;
    const scope = scorePairsScope(datasetId ? { datasetId } : {});
    void callApi(OPERATIONS.listJobs, { query: { kind: "score-pairs", scope, limit: 1 } }).then((r) => {
      if (!cancelled && r.ok && r.data.jobs[0] && isLive(r.data.jobs[0])) follow(r.data.jobs[0]);
    });
    return () => {
      cancelled = true;
    };
  }, [datasetId, follow]);

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="score-unscored-box">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void start({ kind: "score-pairs", payload: datasetId ? { datasetId } : {} })}
        disabled={busy || running}
        className="shadow-sm"
        data-testid="score-unscored"
      >
        {running ? "Scoring in the background…" : `Score unscored pairs ${datasetId ? "of this dataset" : "of all datasets"} with the model`}
      </Button>
      {job && (
        <JobProgress
          job={job}
          item="pair"
          testId="score"
          canControl
          busy={busy}
          onCancel={() => void cancel()}
          onResume={() => void resume()}
          doneText={(j) => (j.total === 0 ? "Every pair already has model scores." : `Scored ${plural(j.done - j.failed, "pair")}.`)}
        />
      )}
      {error && (
        <span className="text-sm text-red-700" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
