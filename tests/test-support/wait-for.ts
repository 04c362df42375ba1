// Polling for tests that wait on something running elsewhere (a job, a process, a provider): one loop, one timeout
// message, instead of a sleep loop in every file.

export type WaitForOptions<T> = {
  /** Stop when this holds for the last value read. */
  until: (value: T) => boolean;
  /** Give up after this long (default 60 s). */
  timeoutMs?: number;
  /** Sleep between reads (default 50 ms). */
  intervalMs?: number;
  /** The error's message when time runs out (default: the last value as JSON). */
  message?: (last: T) => string;
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `until(value)` holds and returns that value; throws once `timeoutMs` passed without it. */
export async function waitFor<T>(read: () => Promise<T>, o: WaitForOptions<T>): Promise<T> {
  const { until, timeoutMs = 60_000, intervalMs = 50, message = (last: T) => `timed out waiting; last value ${JSON.stringify(last)}` } = o;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(message(value));
    await sleep(intervalMs);
  }
}

/** Whether a job stopped running (done, failed or cancelled). */
export const isSettled = (job: { state: string }): boolean => job.state !== "queued" && job.state !== "running";

/** A job read until it stopped running (done, failed or cancelled). */
export function waitForJob<J extends { id?: string; state: string }>(
  read: () => Promise<J>,
  o: Omit<WaitForOptions<J>, "until" | "message"> = {},
): Promise<J> {
  return waitFor(read, { ...o, until: isSettled, message: (job) => `job ${job.id ?? ""} still ${job.state}` });
}
