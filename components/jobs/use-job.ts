"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "@/lib/client/call-api";
import type { JobOut, StartJobRequest } from "@/lib/schemas/jobs";
import { OPERATIONS } from "@/lib/schemas/operations";

const POLL_MS = 1_000;

export const isLive = (job: JobOut | null) => job?.state === "queued" || job?.state === "running";

/**
 * A background job seen from the browser: start it (or pick up the live one of its kind and scope), poll its progress
 * once a second while it is queued or running, cancel and resume it. `onFinished` runs once when a polled job ends.
 */
export function useJob({ initial, onFinished }: { initial?: JobOut | null; onFinished?: (job: JobOut) => void } = {}) {
  const [job, setJob] = useState<JobOut | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const poll = useCallback((id: string) => {
    const next = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(async () => {
        const r = await callApi(OPERATIONS.getJob, { params: { id } });
        // A network blip: try again.
        if (!r.ok && r.error.code === "NETWORK") return next();
        if (!r.ok) return setError(r.error.message);
        setJob(r.data.job);
        if (isLive(r.data.job)) next();
        else finished.current?.(r.data.job);
      }, POLL_MS);
    };
    next();
  }, []);

  useEffect(() => {
    if (initial && isLive(initial)) poll(initial.id);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [initial, poll]);

  /** Follows a job started elsewhere (another tab, before a reload). */
  const follow = useCallback(
    (j: JobOut) => {
      setJob(j);
      if (isLive(j)) poll(j.id);
    },
    [poll],
  );

  const start = useCallback(
    async (request: StartJobRequest) => {
      setBusy(true);
      setError(null);
      const r = await callApi(OPERATIONS.startJob, { body: request });
      setBusy(false);
      if (!r.ok) return setError(r.error.message);
      follow(r.data.job);
    },
    [follow],
  );

  const act = useCallback(
    async (what: "cancel" | "resume") => {
      if (!job) return;
      setBusy(true);
      setError(null);
      const r = await callApi(what === "cancel" ? OPERATIONS.cancelJob : OPERATIONS.resumeJob, { params: { id: job.id } });
      setBusy(false);
      if (!r.ok) return setError(r.error.message);
      follow(r.data.job);
      // A cancel of a running job lands at its next progress report: keep polling until it does.
      if (what === "cancel" && !isLive(r.data.job)) finished.current?.(r.data.job);
      if (what === "cancel" && r.data.job.state === "running") poll(r.data.job.id);
    },
    [job, follow, poll],
  );

  return { job, error, busy, start, follow, cancel: () => act("cancel"), resume: () => act("resume") };
}
