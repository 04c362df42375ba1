// When the client tries again: only where the API says a request is safe to repeat — 429 with Retry-After (a rate
// limit that says when) and 503 (a service the request needs is unavailable) — and a bounded number of times.

/** The first wait after a 503 without Retry-After; doubled on every further try. */
export const UNAVAILABLE_BACKOFF_MS = 500;

/** Seconds a `Retry-After` header asks for (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export interface RetryDelayInput {
  status: number;
  /** The answer's Retry-After in seconds (parseRetryAfter). */
  retryAfterSeconds: number | null;
  /** Tries already repeated (0 after the first answer). */
  retries: number;
  maxRetries: number;
  /** A longer Retry-After is not waited for: the error goes to the caller with `retryAfterSeconds`. */
  maxRetryDelayMs: number;
}

/** How long to wait before trying again, or null: do not. */
export function retryDelayMs({ status, retryAfterSeconds, retries, maxRetries, maxRetryDelayMs }: RetryDelayInput): number | null {
  if (retries >= maxRetries) return null;
  const asked = retryAfterSeconds === null ? null : retryAfterSeconds * 1000;
  if (status === 429) return asked !== null && asked <= maxRetryDelayMs ? asked : null;
  if (status === 503) {
    if (asked !== null) return asked <= maxRetryDelayMs ? asked : null;
    return Math.min(UNAVAILABLE_BACKOFF_MS * 2 ** retries, maxRetryDelayMs);
  }
  return null;
}
