"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

type Job = {
  id: string;
  state: "running" | "done" | "failed";
  total: number;
  done: number;
  scored: number;
  failed: number;
  failures: { pairId: string; message: string }[];
  error: string | null;
};
type JobResponse = { job?: Job | null; started?: boolean; error?: { message?: string } };

const POLL_MS = 1_000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Researchers/admins: scores every pair without model scores (of the filtered dataset, else of all datasets) as a
 * background job on the server, with a progress bar polled once a second; the queue refreshes when it ends. A job that
 * is already running (started in another tab, or before a reload) is picked up and shown.
 */
export function ScoreUnscoredButton({ datasetId }: { datasetId?: string }) {
  const router = useRouter();
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = job?.state === "running";

  const poll = useCallback(
    (id: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(async () => {
        try {
          const res = await fetch(`/api/v1/pairs/score/jobs/${encodeURIComponent(id)}`);
          const body = (await res.json().catch(() => null)) as JobResponse | null;
          if (!res.ok || !body?.job) {
            setError(body?.error?.message ?? `Could not read the scoring progress (HTTP ${res.status}).`);
            return;
          }
          setJob(body.job);
          if (body.job.state === "running") poll(id);
          else router.refresh();
        } catch {
          // A network blip: try again.
          poll(id);
        }
      }, POLL_MS);
    },
    [router],
  );

  // Pick up a job already running for this scope.
  useEffect(() => {
    let cancelled = false;
    const qs = datasetId ? `?datasetId=${encodeURIComponent(datasetId)}` : "";
    fetch(`/api/v1/pairs/score/jobs${qs}`)
      .then((res) => (res.ok ? (res.json() as Promise<JobResponse>) : null))
      .then((body) => {
        if (cancelled || !body?.job || body.job.state !== "running") return;
        setJob(body.job);
        poll(body.job.id);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [datasetId, poll]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const res = await fetch("/api/v1/pairs/score/jobs", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(datasetId ? { datasetId } : {}),
      });
      const body = (await res.json().catch(() => null)) as JobResponse | null;
      if (!res.ok || !body?.job) setError(body?.error?.message ?? `Scoring failed to start (HTTP ${res.status}).`);
      else {
        setJob(body.job);
        poll(body.job.id);
      }
    } catch {
      setError("Could not reach the server. Try again.");
    }
    setStarting(false);
  };

  const pct = job && job.total > 0 ? Math.round((100 * job.done) / job.total) : running ? 0 : 100;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="score-unscored-box">
      <button
        type="button"
        onClick={start}
        disabled={starting || running}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-50"
        data-testid="score-unscored"
      >
        {running ? "Scoring in the background…" : `Score unscored pairs ${datasetId ? "of this dataset" : "of all datasets"} with the model`}
      </button>
      {job && (
        <span className="flex min-w-64 flex-1 items-center gap-2 text-sm text-slate-700" role="status" data-testid="score-unscored-result" data-state={job.state}>
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
