"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import type { ScoreJob } from "@/lib/schemas/scoring";
import { Button } from "@/components/ui/button";

type JobResponse = { job: ScoreJob | null; started?: boolean };

const POLL_MS = 1_000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Researchers/admins: scores every pair without model scores (of the filtered dataset, else of all datasets) as a
 * background job on the server, with a progress bar polled once a second; the queue refreshes when it ends. A job that
 * is already running (started in another tab, or before a reload) is picked up and shown.
 */
export function ScoreUnscoredButton({ datasetId }: { datasetId?: string }) {
  const router = useRouter();
  const [job, setJob] = useState<ScoreJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = job?.state === "running";

  const poll = useCallback(
    (id: string) => {
      const next = () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(async () => {
          const r = await apiFetch<JobResponse>(`/api/v1/pairs/score/jobs/${encodeURIComponent(id)}`);
          // A network blip: try again.
          if (!r.ok && r.error.code === "NETWORK") return next();
          if (!r.ok || !r.data.job) {
            setError(r.ok ? "Could not read the scoring progress." : r.error.message);
            return;
          }
          setJob(r.data.job);
          if (r.data.job.state === "running") next();
          else router.refresh();
        }, POLL_MS);
      };
      next();
    },
    [router],
  );

  // Pick up a job already running for this scope.
  useEffect(() => {
    let cancelled = false;
    const qs = datasetId ? `?datasetId=${encodeURIComponent(datasetId)}` : "";
    void apiFetch<JobResponse>(`/api/v1/pairs/score/jobs${qs}`).then((r) => {
      if (cancelled || !r.ok || !r.data.job || r.data.job.state !== "running") return;
      setJob(r.data.job);
      poll(r.data.job.id);
    });
    return () => {
      cancelled = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [datasetId, poll]);

  const start = async () => {
    setStarting(true);
    setError(null);
    const r = await apiFetch<JobResponse>("/api/v1/pairs/score/jobs", { json: datasetId ? { datasetId } : {} });
    if (!r.ok || !r.data.job) setError(r.ok ? "Scoring failed to start." : r.error.message);
    else {
      setJob(r.data.job);
      poll(r.data.job.id);
    }
    setStarting(false);
  };

  const pct = job && job.total > 0 ? Math.round((100 * job.done) / job.total) : running ? 0 : 100;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="score-unscored-box">
      <Button variant="secondary" size="sm" onClick={start} disabled={starting || running} className="shadow-sm" data-testid="score-unscored">
        {running ? "Scoring in the background…" : `Score unscored pairs ${datasetId ? "of this dataset" : "of all datasets"} with the model`}
      </Button>
      {job && (
        <span
          className="flex min-w-64 flex-1 items-center gap-2 text-sm text-slate-700"
          role="status"
          data-testid="score-unscored-result"
          data-state={job.state}
        >
          <progress
            max={Math.max(job.total, 1)}
            value={job.state === "running" ? job.done : Math.max(job.total, 1)}
            className="h-2 w-40"
            aria-label="Scoring progress"
            data-testid="score-progress"
          />
          <span data-testid="score-progress-text">
            {job.state === "running"
              ? `Scoring: ${job.done} of ${plural(job.total, "pair")} (${pct}%)`
              : job.state === "done"
                ? job.total === 0
                  ? "Every pair already has model scores."
                  : `Scored ${plural(job.scored, "pair")}.`
                : `Stopped after ${plural(job.done, "pair")}: ${job.error ?? "error"}`}
            {job.failed > 0 && ` ${job.failed} failed: ${job.failures.map((f) => f.message).join("; ")}`}
          </span>
        </span>
      )}
      {error && (
        <span className="text-sm text-red-700" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
