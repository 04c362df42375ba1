import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryDelayMs, UNAVAILABLE_BACKOFF_MS } from "./retry.js";

const base = { retries: 0, maxRetries: 2, maxRetryDelayMs: 30_000 };

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates; null otherwise", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-3", now)).toBeNull();
    expect(parseRetryAfter("1.5", now)).toBeNull();
  });
});

describe("retryDelayMs", () => {
  it("429 is retried only with a Retry-After, and only as long as the cap allows", () => {
    expect(retryDelayMs({ ...base, status: 429, retryAfterSeconds: 2 })).toBe(2_000);
    expect(retryDelayMs({ ...base, status: 429, retryAfterSeconds: null })).toBeNull();
    expect(retryDelayMs({ ...base, status: 429, retryAfterSeconds: 31 })).toBeNull();
  });

  it("503 waits as asked, else backs off exponentially up to the cap", () => {
    expect(retryDelayMs({ ...base, status: 503, retryAfterSeconds: 3 })).toBe(3_000);
    expect(retryDelayMs({ ...base, status: 503, retryAfterSeconds: null })).toBe(UNAVAILABLE_BACKOFF_MS);
    expect(retryDelayMs({ ...base, retries: 1, status: 503, retryAfterSeconds: null })).toBe(2 * UNAVAILABLE_BACKOFF_MS);
    expect(retryDelayMs({ ...base, maxRetries: 10, retries: 9, status: 503, retryAfterSeconds: null })).toBe(30_000);
  });

  it("stops after maxRetries, and never retries other statuses", () => {
    expect(retryDelayMs({ ...base, retries: 2, status: 503, retryAfterSeconds: 1 })).toBeNull();
    expect(retryDelayMs({ ...base, maxRetries: 0, status: 429, retryAfterSeconds: 1 })).toBeNull();
    for (const status of [400, 401, 404, 413, 422, 500, 502, 504]) expect(retryDelayMs({ ...base, status, retryAfterSeconds: 1 })).toBeNull();
  });
});
