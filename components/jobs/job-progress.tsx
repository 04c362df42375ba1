"use client";

import type { JobOut } from "@/lib/schemas/jobs";
import { Button } from "@/components/ui/button";
import { isLive } from "./use-job";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** A job's state in words: "Scoring: 3 of 12 pairs (25%)", "Cancelled after 4 items", … `item` names what it counts. */
export function jobStatusText(job: JobOut, item: string, doneText: (job: JobOut) => string): string {
  const pct = job.total > 0 ? Math.round((100 * job.done) / job.total) : 0;
  const failed = job.failed > 0 ? ` ${job.failed} failed: ${job.failures.map((f) => f.message).join("; ")}` : "";
  switch (job.state) {
    case "queued":
      return "Queued: waiting for a worker…";
    case "running":
      return `${job.cancelRequested ? "Cancelling" : "Running"}: ${job.done.toLocaleString("en")} of ${plural(job.total, item)} (${pct}%)${failed}`;
    case "done":
      return `${doneText(job)}${failed}`;
    case "cancelled":
      return `Cancelled after ${plural(job.done, item)}.${failed}`;
    case "failed":
      return `Stopped after ${plural(job.done, item)}: ${job.error ?? "error"}${failed}`;
  }
}

/** A progress bar with the job's state, and Cancel (live jobs) or Resume (cancelled or failed ones) when allowed. */
export function JobProgress({
  job,
  item,
  doneText,
  canControl,
  busy,
  onCancel,
  onResume,
  testId = "job",
}: {
  job: JobOut;
  item: string;
  doneText: (job: JobOut) => string;
  canControl: boolean;
  busy: boolean;
  onCancel: () => void;
  onResume: () => void;
  testId?: string;
}) {
  return (
    <span
      className="flex min-w-64 flex-1 flex-wrap items-center gap-2 text-sm text-slate-700"
      role="status"
      data-testid={`${testId}-result`}
      data-state={job.state}
    >
      <progress
        max={Math.max(job.total, 1)}
        value={isLive(job) ? job.done : Math.max(job.total, 1)}
        className="h-2 w-40"
        aria-label="Progress"
        data-testid={`${testId}-progress`}
      />
      <span data-testid={`${testId}-progress-text`}>{jobStatusText(job, item, doneText)}</span>
      {canControl && isLive(job) && !job.cancelRequested && (
        <Button variant="secondary" size="xs" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
      )}
      {canControl && (job.state === "cancelled" || job.state === "failed") && (
        <Button variant="secondary" size="xs" onClick={onResume} disabled={busy} data-testid={`${testId}-resume`}>
          Resume
        </Button>
      )}
    </span>
  );
}
