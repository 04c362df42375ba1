"use client";

import { JobProgress } from "@/components/jobs/job-progress";
import type { JobOut } from "@/lib/schemas/jobs";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { Button } from "@/components/ui/button";
import { pairsText, plural, utcTime } from "./format";
import { JudgeRunProblems } from "./judge-run-problems";
import { JudgeRunStats } from "./judge-run-stats";

export type JudgeRunActions = {
  cancelJob: (job: JobOut) => void;
  resumeJob: (job: JobOut) => void;
  retryFailed: (run: JudgeRunSummary) => void;
};

/** One run: what judged, its pairs' progress, each job's state (Cancel / Resume), its figures and failures. */
export function JudgeRunRow({
  run,
  index,
  canRun,
  busy,
  actions,
}: {
  run: JudgeRunSummary;
  index: number;
  canRun: boolean;
  busy: boolean;
  actions: JudgeRunActions;
}) {
  const { total, done, failed } = run.pairs;
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3" data-testid={`judge-run-${index}`} data-run-id={run.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900" data-testid="judge-run-config">
          {run.model} · {run.variant} · {run.promptVersion}
        </h3>
        <span className="text-xs text-slate-500">
          <time dateTime={run.createdAt}>{utcTime(run.createdAt)}</time>
          {run.mode === "batch" ? " · batch" : ""}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <progress max={Math.max(total, 1)} value={done + failed} className="h-2 w-48" aria-label="Pairs judged" data-testid="judge-run-progress" />
        <span data-testid="judge-run-pairs">{pairsText(run)}</span>
        {run.pairs.running > 0 && <span className="text-xs text-slate-500">({run.pairs.running} in progress)</span>}
      </div>
      {run.jobs.length > 0 && (
        <div className="space-y-1" data-testid="judge-run-jobs">
          {run.jobs.map((job) => (
            <JobProgress
              key={job.id}
              job={job}
              item="pair"
              testId="judge-run-job"
              canControl={canRun}
              busy={busy}
              onCancel={() => actions.cancelJob(job)}
              onResume={() => actions.resumeJob(job)}
              doneText={(j) => `Finished: judged ${plural(j.done - j.failed, "pair")}.`}
            />
          ))}
        </div>
      )}
      <JudgeRunStats run={run} />
      <JudgeRunProblems run={run} />
      {canRun && run.failures.length > 0 && (
        <Button variant="secondary" size="xs" disabled={busy} onClick={() => actions.retryFailed(run)} data-testid="judge-run-retry-failed">
          Retry failed pairs
        </Button>
      )}
    </li>
  );
}
