import "server-only";

/** A counting semaphore: at most `limit` holders at once, the others wait in order. */
export type Limiter = { acquire(signal?: AbortSignal): Promise<void>; release(): void; readonly active: number };

export function createLimiter(limit: number): Limiter {
  let active = 0;
  const waiting: { resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal; onAbort?: () => void }[] = [];
  return {
    get active() {
      return active;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
      if (active < limit) {
        active++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const entry: (typeof waiting)[number] = { resolve, reject, ...(signal ? { signal } : {}) };
        if (signal) {
          entry.onAbort = () => {
            const i = waiting.indexOf(entry);
            if (i >= 0) waiting.splice(i, 1);
            reject(signal.reason ?? new Error("aborted"));
          };
          signal.addEventListener("abort", entry.onAbort, { once: true });
        }
        waiting.push(entry);
      });
    },
    release() {
      const next = waiting.shift();
      if (next) {
        if (next.onAbort) next.signal?.removeEventListener("abort", next.onAbort);
        next.resolve(); // the slot passes straight to the next waiter
      } else active = Math.max(0, active - 1);
    },
  };
}
