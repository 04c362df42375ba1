// The browser's one client for the app's own API: JSON in, JSON out, and the API's error shape
// ({error: {code, message, details?}}) turned into a result the caller switches on. It never throws, so a component
// handles a refusal, an HTTP failure and an unreachable server in one place. Client-safe: fetch only, no React.
import type { AppErrorCode } from "../errors";

/** Why a call failed: the API's own code and message, or HTTP/NETWORK when the answer was not the API's JSON. */
export type ApiError = {
  /** 0 when the server could not be reached. */
  status: number;
  code: AppErrorCode | "HTTP" | "NETWORK";
  message: string;
  details?: unknown;
};

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A JSON body (sent with content-type application/json). */
  json?: unknown;
  /** Any other body, e.g. FormData for uploads (the browser sets its content-type). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Finish the request after the page is gone (autosave on unload; the body must stay under 64 KiB). */
  keepalive?: boolean;
  signal?: AbortSignal;
};

export const NETWORK_ERROR_MESSAGE = "Could not reach the server. Try again.";

type ErrorBody = { error?: { code?: unknown; message?: unknown; details?: unknown } };

/**
 * Calls the app's API. 2xx → `{ok: true, data}` (null for an empty body); anything else → `{ok: false, error}` with the
 * server's message, or "Request failed (HTTP <status>)." when the body is not the API's error shape.
 *
 *   const r = await apiFetch<{ user: SessionUser }>("/api/users", { method: "POST", json: input });
 *   if (!r.ok) return setError(r.error.message);
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<ApiResult<T>> {
  const { method = options.json !== undefined || options.body !== undefined ? "POST" : "GET", json, body, headers, keepalive, signal } = options;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
      ...(keepalive ? { keepalive } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    return { ok: false, status: 0, error: { status: 0, code: "NETWORK", message: NETWORK_ERROR_MESSAGE } };
  }
  const text = await res.text().catch(() => "");
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.ok) return { ok: true, status: res.status, data: parsed as T };
  const err = (parsed as ErrorBody | null)?.error;
  const error: ApiError = {
    status: res.status,
    code: typeof err?.code === "string" ? (err.code as AppErrorCode) : "HTTP",
    message: typeof err?.message === "string" ? err.message : `Request failed (HTTP ${res.status}).`,
  };
  if (err?.details !== undefined) error.details = err.details;
  return { ok: false, status: res.status, error };
}
