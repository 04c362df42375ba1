// In-memory, per process: for tests and one-off tools. The app's sign-in limit is the database's
// (create-db-rate-limiter.ts), which every instance behind a proxy shares.

import "server-only";

/** A failure limiter; its methods may answer later (the database's) or at once (this in-memory one). */
export type RateLimiter = {
  /** Seconds until `key` may try again, or 0 when it is not locked. */
  retryAfter(key: string, now?: number): number | Promise<number>;
  /** Records one failure for `key`. */
  fail(key: string, now?: number): void | Promise<void>;
  /** Forgets `key` (after a success). */
  reset(key: string): void | Promise<void>;
};

/** Seconds until a key with these failure times (newest first) may try again: 0 below `maxFailures` in the window. */
export function secondsUntilRetry(newestFirst: readonly number[], o: { maxFailures: number; windowMs: number; now: number }): number {
  const inWindow = newestFirst.filter((t) => o.now - t < o.windowMs);
  if (inWindow.length < o.maxFailures) return 0;
  const oldest = inWindow[o.maxFailures - 1]!;
  return Math.max(1, Math.ceil((oldest + o.windowMs - o.now) / 1000));
}

export type CreateRateLimiterOptions = {
  /** Failures allowed inside the window; the next attempt is refused until the oldest one leaves it. */
  maxFailures: number;
  windowMs: number;
  /** Bounds memory under a spray of distinct keys. */
  maxKeys?: number;
};

/** Sliding-window failure counter. */
export function createRateLimiter({ maxFailures, windowMs, maxKeys = 10_000 }: CreateRateLimiterOptions): RateLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    retryAfter(key, now = Date.now()) {
      return secondsUntilRetry([...recent(key, now)].reverse(), { maxFailures, windowMs, now });
    },
    fail(key, now = Date.now()) {
      const list = recent(key, now);
      list.push(now);
      failures.delete(key); // re-insert: Map order = least recently failed first
      failures.set(key, list.slice(-maxFailures));
      while (failures.size > maxKeys) {
        const first = failures.keys().next().value;
        if (first === undefined) break;
        failures.delete(first);
      }
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
