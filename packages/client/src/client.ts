import { SnippetLabError } from "./errors.js";
import { API_VERSION, API_VERSION_HEADER, checkApiVersion } from "./generated/api-version.js";
import { parseRetryAfter, retryDelayMs } from "./retry.js";
import type { CompressRequest, CompressResponse, ModelsResponse } from "./types.js";

/** What a server of another major API version gets: an error (the default), a warning, or nothing. */
export type VersionCheck = "error" | "warn" | "off";

export interface SnippetLabClientOptions {
  /** Where the server answers, e.g. `http://127.0.0.1:3000` (a path prefix is kept: `https://host/snippet-lab`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`: one of the server's SNIPPET_LAB_API_KEYS (omit for an open server). */
  apiKey?: string;
  /** Per try, reading the answer included (default 60 s: a large result set on a busy CPU server takes seconds). */
  timeoutMs?: number;
  /** Tries repeated after a 429 with Retry-After or a 503 (default 2). */
  maxRetries?: number;
  /** A longer wait is not made: the error goes to the caller with `retryAfterSeconds` (default 30 s). */
  maxRetryDelayMs?: number;
  /** Default `error`: a server of another major API version is refused before its answer is read. */
  versionCheck?: VersionCheck;
  /** The API version this client is written for (default: the one it was generated from, `API_VERSION`). */
  apiVersion?: string;
  /** Where warnings go (a server without the version header, or `versionCheck: "warn"`); each is given once. */
  onWarning?: (message: string) => void;
  /** Another fetch (a proxy agent, tests); default the global one. */
  fetch?: typeof fetch;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

const DEFAULTS = { timeoutMs: 60_000, maxRetries: 2, maxRetryDelayMs: 30_000 } as const;

/** One answer, read whole within the try's time limit. */
interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** The typed client of the service routes: POST /api/v1/compress and GET /api/v1/models. */
export class SnippetLabClient {
  readonly baseUrl: string;
  /** The API version the last answer carried (`X-Snippet-Lab-API-Version`); null before it, or when none was sent. */
  serverApiVersion: string | null = null;
  private readonly options: SnippetLabClientOptions;
  private readonly warned = new Set<string>();

  constructor(options: SnippetLabClientOptions) {
    if (!/^https?:\/\//i.test(options.baseUrl)) throw new TypeError(`baseUrl must be an http(s) URL, got "${options.baseUrl}"`);
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
  }

  /** Compresses one result set for a query: the best units of all results within one token budget. */
  compress(body: CompressRequest, options: RequestOptions = {}): Promise<CompressResponse> {
    return this.request<CompressResponse>("POST", "/api/v1/compress", body, options);
  }

  /** The token models on the server and every method compress accepts. */
  listModels(options: RequestOptions = {}): Promise<ModelsResponse> {
    return this.request<ModelsResponse>("GET", "/api/v1/models", undefined, options);
  }

  private async request<T>(method: "GET" | "POST", path: string, body: unknown, { signal }: RequestOptions): Promise<T> {
    const maxRetries = this.options.maxRetries ?? DEFAULTS.maxRetries;
    const maxRetryDelayMs = this.options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs;
    for (let retries = 0; ; retries++) {
      const answer = await this.send(method, path, body, signal);
      const version = answer.headers.get(API_VERSION_HEADER);
      this.serverApiVersion = version;
      this.checkVersion(version, answer.status);
      if (answer.status >= 200 && answer.status < 300) return parseJson<T>(answer, version);
      const error = readError(answer, version);
      const delay = retryDelayMs({ status: answer.status, retryAfterSeconds: error.retryAfterSeconds ?? null, retries, maxRetries, maxRetryDelayMs });
      if (delay === null) throw error;
      await sleep(delay, signal);
    }
  }

  /** One try: the request sent and the answer read, within `timeoutMs`, cancelled with the caller's signal. */
  private async send(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Answer> {
    signal?.throwIfAborted();
    const timeoutMs = this.options.timeoutMs ?? DEFAULTS.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const headers: Record<string, string> = { accept: "application/json", ...this.options.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
      });
      return { status: res.status, headers: res.headers, body: await res.text() };
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) {
        throw new SnippetLabError({ status: 0, code: "TIMEOUT", message: `${method} ${path}: no answer within ${timeoutMs} ms`, cause: e });
      }
      const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      throw new SnippetLabError({ status: 0, code: "NETWORK_ERROR", message: `${method} ${this.baseUrl}${path}: ${reason}`, cause: e });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private checkVersion(server: string | null, status: number): void {
    const mode = this.options.versionCheck ?? "error";
    if (mode === "off") return;
    const check = checkApiVersion({ server, client: this.options.apiVersion ?? API_VERSION });
    if (check.ok) {
      if (check.warning) this.warn(check.warning);
      return;
    }
    if (mode === "warn") return this.warn(check.message);
    throw new SnippetLabError({ status, code: "API_VERSION_MISMATCH", message: check.message, ...(server ? { serverApiVersion: server } : {}) });
  }

  private warn(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    (this.options.onWarning ?? ((m: string) => console.warn(`[snippet-lab] ${m}`)))(message);
  }
}

export function createSnippetLabClient(options: SnippetLabClientOptions): SnippetLabClient {
  return new SnippetLabClient(options);
}

function parseJson<T>(answer: Answer, version: string | null): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch (e) {
    throw new SnippetLabError({
      status: answer.status,
      code: "INVALID_RESPONSE",
      message: `the server answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`,
      ...(version ? { serverApiVersion: version } : {}),
      cause: e,
    });
  }
}

/** The API's error body as a SnippetLabError; an answer without one (a proxy's page) as INVALID_RESPONSE. */
function readError(answer: Answer, version: string | null): SnippetLabError {
  const retryAfter = parseRetryAfter(answer.headers.get("retry-after"));
  const extra = { ...(retryAfter !== null ? { retryAfterSeconds: retryAfter } : {}), ...(version ? { serverApiVersion: version } : {}) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    return new SnippetLabError({
      status: answer.status,
      code: error.code as SnippetLabError["code"],
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...extra,
    });
  }
  return new SnippetLabError({
    status: answer.status,
    code: "INVALID_RESPONSE",
    message: `HTTP ${answer.status} without the API's error body: ${answer.body.slice(0, 200)}`,
    ...extra,
  });
}

/** Waits `ms`, or rejects with the signal's reason when the caller cancels. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
