import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Resampler } from "@/lib/eval/bootstrap-many-intervals";
import { type ResampleGroup, type ResampleJob, resampleMeans } from "@/lib/eval/resample-means";

/** Worker threads at most: the resampling of a sweep's last method is split over this many. */
const MAX_THREADS = 4;

/**
 * The worker's script: resampleMeans from its source text (it is self-contained for this), so the worker needs no
 * module resolution or TypeScript loader — the same in `next start`, the CLI (tsx) and the tests.
 */
const workerSource = () => `
const { parentPort } = require("node:worker_threads");
const resampleMeans = (${resampleMeans.toString()});
parentPort.on("message", ({ id, job }) => {
  try {
    const means = resampleMeans(job);
    parentPort.postMessage({ id, means }, means.map((m) => m.buffer));
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.stack) || e) });
  }
});`;

export type ResampleWorkers = {
  /** Resamples a job in the workers (its columns split between them), or here if they cannot. */
  resample: Resampler;
  /** Stops the workers (after the last resample a caller awaits). */
  close(): Promise<void>;
};

type Pending = { resolve(means: Float64Array[]): void; reject(e: Error): void };

/** One worker thread: jobs in, resample means out, in order. */
function startWorker(): { run(job: ResampleJob): Promise<Float64Array[]>; close(): Promise<void> } {
  const worker = new Worker(workerSource(), { eval: true });
  worker.unref();
  const pending = new Map<number, Pending>();
  let next = 0;
  let failed: Error | null = null;
  const failAll = (e: Error) => {
    failed ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on("message", ({ id, means, error }: { id: number; means?: Float64Array[]; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (error !== undefined || !means) p?.reject(new Error(error ?? "no means"));
    else p?.resolve(means);
  });
  worker.on("error", (e) => failAll(e));
  worker.on("exit", (code) => failAll(new Error(`the resampling worker exited (${code})`)));
  return {
    run(job) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      // Compact copies, moved to the worker (a column may be a view of a larger buffer).
      const groups = job.groups.map(({ n, columns }) => ({
        n,
        columns: columns.map((c) => (c instanceof Float64Array ? c.slice() : Float64Array.from(c))),
      }));
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Held while it works (an idle worker does not keep the process alive).
        worker.ref();
        worker.postMessage(
          { id, job: { ...job, groups } },
          groups.flatMap((g) => g.columns.map((c) => c.buffer)),
        );
      });
    },
    async close() {
      failed ??= new Error("closed");
      await worker.terminate();
    },
  };
}

/** A job's columns in `parts` slices (each group cut the same way): columns are resampled independently. */
function splitJob(job: ResampleJob, parts: number): { job: ResampleJob; slices: { group: number; from: number; to: number }[] }[] {
  return Array.from({ length: parts }, (_, k) => {
    const groups: ResampleGroup[] = [];
    const slices: { group: number; from: number; to: number }[] = [];
    job.groups.forEach(({ n, columns }, g) => {
      const from = Math.floor((columns.length * k) / parts);
      const to = Math.floor((columns.length * (k + 1)) / parts);
      if (to === from) return;
      groups.push({ n, columns: columns.slice(from, to) });
      slices.push({ group: g, from, to });
    });
    return { job: { ...job, groups }, slices };
  }).filter((p) => p.job.groups.length > 0);
}

/**
 * Worker threads that resample a sweep's bootstrap columns while the sweep measures its next method (and, for the
 * last method, side by side): the intervals were a quarter of a sweep's time on the request's thread. Each column's
 * means are resampleMeans' to the bit wherever they are computed; a worker that cannot start or fails leaves its share
 * to this thread. `threads` defaults to the CPUs (at most MAX_THREADS); with one CPU, or 0, everything runs here.
 */
export function startResampleWorkers({ threads = Math.min(MAX_THREADS, availableParallelism()) }: { threads?: number } = {}): ResampleWorkers {
  const workers: ReturnType<typeof startWorker>[] = [];
  if (threads > 1) {
    try {
      for (let i = 0; i < threads; i++) workers.push(startWorker());
    } catch (e) {
      console.warn(`[sweep] resampling on the request's thread (no worker threads: ${(e as Error)?.message ?? e})`);
    }
  }
  let warned = false;
  return {
    async resample(job) {
      if (workers.length === 0) return resampleMeans(job);
      const parts = splitJob(job, workers.length);
      const results = await Promise.all(
        parts.map((part, k) =>
          workers[k]!.run(part.job).catch((e: unknown) => {
            if (!warned) console.warn(`[sweep] a resampling worker failed, resampling here: ${(e as Error)?.message ?? e}`);
            warned = true;
            return resampleMeans(part.job);
          }),
        ),
      );
      // Each group's columns in order again: its slices' means, slice after slice.
      const out = job.groups.map(({ columns }) => new Float64Array(columns.length * job.resamples));
      parts.forEach(({ slices }, k) => slices.forEach(({ group, from }, j) => out[group]!.set(results[k]![j]!, from * job.resamples)));
      return out;
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
