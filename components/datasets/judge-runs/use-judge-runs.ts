"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiResult } from "@/lib/client/api-fetch";
import { callApi } from "@/lib/client/call-api";
import type { JobOut, StartJobRequest } from "@/lib/schemas/jobs";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { OPERATIONS } from "@/lib/schemas/operations";
import { isRunActive } from "./format";

const POLL_MS = 1_500;

/** What the start form chooses: POST /api/v1/jobs's judge-run payload, less the dataset (the hook's). */
export type JudgeRunOptions = Omit<Extract<StartJobRequest, { kind: "judge-run" }>["payload"], "datasetId">;

/**
 * A dataset's judge runs seen from the browser: the list (newest first), polled every 1.5 s while a run can still change
 * and left alone otherwise; starting a run, cancelling and resuming its jobs, and retrying its failed pairs. Every
 * action refreshes the list at once (polling picks up from there).
 */
export function useJudgeRuns({ datasetId, initial }: { datasetId: string; initial: JudgeRunSummary[] }) {
  const [runs, setRuns] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped to poll again after a network blip (the list did not change, so nothing else would).
  const [retry, setRetry] = useState(0);
  // Answers arrive out of order (a poll in flight while an action refreshes): only the latest request's counts.
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    const r = await callApi(OPERATIONS.listJudgeRuns, { query: { datasetId } });
    if (mine !== seq.current) return;
    if (r.ok) return setRuns(r.data.runs);
    if (r.error.code === "NETWORK") return setRetry((n) => n + 1);
    setError(r.error.message);
  }, [datasetId]);

  const active = runs.some(isRunActive);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [active, runs, retry, refresh]);

  /** Runs an action, shows the API's message when refused, then refreshes the list. */
  const act = useCallback(
    async (request: () => Promise<ApiResult<unknown>>) => {
      setBusy(true);
      setError(null);
      const r = await request();
      if (!r.ok) setError(r.error.message);
      await refresh();
      setBusy(false);
    },
    [refresh],
  );

  const start = useCallback(
    (options: JudgeRunOptions) => act(() => callApi(OPERATIONS.startJob, { body: { kind: "judge-run", payload: { ...options, datasetId } } })),
    [act, datasetId],
  );
  const cancelJob = useCallback((job: JobOut) => act(() => callApi(OPERATIONS.cancelJob, { params: { id: job.id } })), [act]);
  const resumeJob = useCallback((job: JobOut) => act(() => callApi(OPERATIONS.resumeJob, { params: { id: job.id } })), [act]);
  const retryFailed = useCallback(
    (run: JudgeRunSummary) => act(() => callApi(OPERATIONS.resumeJudgeRun, { params: { id: run.id }, body: { retryFailed: true } })),
    [act],
  );

  return { runs, active, error, busy, start, cancelJob, resumeJob, retryFailed };
}
