import type { ApiErrorCode } from "./types.js";

/**
 * What went wrong on the client's side of the wire: no answer (`NETWORK_ERROR`), none in time (`TIMEOUT`), a server of
 * another major API version (`API_VERSION_MISMATCH`), or an answer that is not the API's JSON (`INVALID_RESPONSE`).
 */
export type ClientErrorCode = "NETWORK_ERROR" | "TIMEOUT" | "API_VERSION_MISMATCH" | "INVALID_RESPONSE";

export type SnippetLabErrorCode = ApiErrorCode | ClientErrorCode;

export interface SnippetLabErrorInit {
  /** The HTTP status; 0 when no answer came. */
  status: number;
  code: SnippetLabErrorCode;
  message: string;
  /** The API's `error.details` (`issues` of a 400, `models` of an unknown model, …). */
  details?: unknown;
  /** Seconds the server asked to wait (`Retry-After`), when it did. */
  retryAfterSeconds?: number;
  /** The server's `X-Snippet-Lab-API-Version`, when it sent one. */
  serverApiVersion?: string;
  cause?: unknown;
}

/** Every failure of the client: the API's error body (`{error: {code, message, details}}`) with its status, typed. */
export class SnippetLabError extends Error {
  readonly status: number;
  readonly code: SnippetLabErrorCode;
  readonly details?: unknown;
  readonly retryAfterSeconds?: number;
  readonly serverApiVersion?: string;

  constructor(init: SnippetLabErrorInit) {
    super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = "SnippetLabError";
    this.status = init.status;
    this.code = init.code;
    if (init.details !== undefined) this.details = init.details;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.serverApiVersion !== undefined) this.serverApiVersion = init.serverApiVersion;
  }
}

export function isSnippetLabError(e: unknown): e is SnippetLabError {
  return e instanceof SnippetLabError;
}
