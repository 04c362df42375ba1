"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { Card } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import { JudgeRunRow } from "./judge-run-row";
import { JudgeRunStartForm } from "./judge-run-start-form";
import { useJudgeRuns } from "./use-judge-runs";
import { Notice } from "@/components/ui/notice";

/**
 * The dataset page's LLM judge runs: start one (model:run, with a judge configured), follow its progress, cancel or
 * resume its jobs, retry its failed pairs, and read each run's tokens, cost, matching rates and failures. Anyone who
 * may read pairs sees the runs.
 */
export function JudgeRunsPanel({
  datasetId,
  initialRuns,
  judgeConfigured,
  canRun,
}: {
  datasetId: string;
  initialRuns: JudgeRunSummary[];
  judgeConfigured: boolean;
  canRun: boolean;
}) {
  const router = useRouter();
  const { runs, active, error, busy, start, cancelJob, resumeJob, retryFailed } = useJudgeRuns({ datasetId, initial: initialRuns });

  // When the last run settles, the server-rendered parts (the judge-labels export links) may have a new configuration.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) router.refresh();
    wasActive.current = active;
  }, [active, router]);

  return (
    <Card data-testid="judge-runs-panel" aria-labelledby="judge-runs-title">
      <h2 id="judge-runs-title" className="mb-1 text-sm font-semibold text-slate-900">
        LLM judge runs
      </h2>
      <p className="mb-3 text-xs text-slate-500">
        The judge suggests spans for the dataset&apos;s pairs; each pair is committed as soon as it is judged, so a cancelled run loses nothing and
        resumes where it stopped.
      </p>
      {!judgeConfigured ? (
        <Notice tone="warn" className="mb-3" role="note" testId="judge-run-not-configured">
          No LLM judge is configured: set SNIPPET_LAB_JUDGE_BASE_URL and SNIPPET_LAB_JUDGE_MODEL on the server (docs/judge.md).
        </Notice>
      ) : canRun ? (
        <div className="mb-3">
          <JudgeRunStartForm busy={busy} onStart={(options) => void start(options)} />
        </div>
      ) : null}
      {error && (
        <FormMessage tone="error" testId="judge-run-error" className="mb-3">
          {error}
        </FormMessage>
      )}
      {runs.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="judge-runs-empty">
          No judge runs over this dataset yet.
        </p>
      ) : (
        <ol className="space-y-3" data-testid="judge-runs-list">
          {runs.map((run, i) => (
            <JudgeRunRow
              key={run.id}
              run={run}
              index={i}
              canRun={canRun}
              busy={busy}
              actions={{ cancelJob: (j) => void cancelJob(j), resumeJob: (j) => void resumeJob(j), retryFailed: (r) => void retryFailed(r) }}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
