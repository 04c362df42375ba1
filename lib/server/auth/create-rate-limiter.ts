// In-memory, per process: enough for one server (npm start). Several instances would each keep their own counts.

import "server-only";

export type RateLimiter = {
  /** Seconds until `key` may try again, or 0 when it is not locked. */
  retryAfter(key: string, now?: number): number;
  /** Records one failure for `key`. */
  fail(key: string, now?: number): void;
  /** Forgets `key` (after a success). */
  reset(key: string): void;
};

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
      const list = recent(key, now);
      if (list.length < maxFailures) return 0;
      const oldest = list[list.length - maxFailures]!;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
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
