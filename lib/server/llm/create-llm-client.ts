import "server-only";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { AppError } from "@/lib/errors";
import type { ReplySchema } from "@/lib/judge/json-schemas";
import type { ChatMessage } from "@/lib/judge/types";
import type { JudgeConfig, JudgeJsonMode } from "../env";
import { createLimiter, type Limiter } from "./limiter";

// The one client of the OpenAI-compatible server that both the LLM judge and the LLM compressors (llm-extract,
// hybrid) talk to. Its settings are the SNIPPET_LAB_JUDGE_* variables (JudgeConfig): the server is "the judge's".

/** What a client needs of the settings (chunk size and prices are its callers'). */
export type LlmClientConfig = Pick<
  JudgeConfig,
  "baseUrl" | "model" | "apiKey" | "timeoutMs" | "maxRetries" | "backoffMs" | "concurrency" | "jsonMode"
>;

/** What requests cost: HTTP requests sent (retries and repairs included), retries, tokens, and cache hits. */
export type LlmUsage = { requests: number; retries: number; promptTokens: number; completionTokens: number; cachedRequests: number };
export const newLlmUsage = (): LlmUsage => ({ requests: 0, retries: 0, promptTokens: 0, completionTokens: 0, cachedRequests: 0 });
export function addLlmUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  a.requests += b.requests;
  a.retries += b.retries;
  a.promptTokens += b.promptTokens;
  a.completionTokens += b.completionTokens;
  a.cachedRequests += b.cachedRequests;
  return a;
}

export type CompleteOptions = {
  /** The reply's JSON Schema for structured outputs (json_mode "schema"). */
  replySchema?: ReplySchema;
  /** Counts this request's HTTP requests, retries and tokens. */
  usage?: LlmUsage;
  signal?: AbortSignal;
};

export type LlmClient = {
  model: string;
  /** One chat completion at temperature 0, retried on transient errors; the reply text ("" when it had none). */
  complete(messages: readonly ChatMessage[], options?: CompleteOptions): Promise<string>;
};

export type RetryEvent = { attempt: number; delayMs: number; reason: string; retryAfterMs: number | null };

/** A 400/422 that complains about response_format: the server cannot do that JSON mode, so we step down. */
function rejectsResponseFormat(e: unknown): boolean {
  return (
    e instanceof APIError && (e.status === 400 || e.status === 422) && /response_format|json_object|json_schema|structured|schema/i.test(e.message)
  );
}

const HINTS: Record<number, string> = {
  401: " (check SNIPPET_LAB_JUDGE_API_KEY)",
  403: " (check SNIPPET_LAB_JUDGE_API_KEY)",
  404: " (check SNIPPET_LAB_JUDGE_BASE_URL, usually ending in /v1, and SNIPPET_LAB_JUDGE_MODEL)",
  429: " (rate limited: lower SNIPPET_LAB_JUDGE_CONCURRENCY or raise SNIPPET_LAB_JUDGE_MAX_RETRIES)",
};

const after = (retries: number) => (retries > 0 ? ` (after ${retries} ${retries === 1 ? "retry" : "retries"})` : "");

/** openai errors → AppError UNAVAILABLE with the HTTP status (or timeout / connection failure) in the message. */
export function toLlmError(e: unknown, config: Pick<JudgeConfig, "baseUrl" | "timeoutMs">, retries = 0): unknown {
  if (e instanceof APIConnectionTimeoutError) {
    return new AppError(
      "UNAVAILABLE",
      `The judge server at ${config.baseUrl} did not answer within ${config.timeoutMs} ms (SNIPPET_LAB_JUDGE_TIMEOUT_MS)${after(retries)}.`,
      { reason: "timeout", timeoutMs: config.timeoutMs, retries },
    );
  }
  if (e instanceof APIConnectionError && !(e instanceof APIUserAbortError)) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
    return new AppError("UNAVAILABLE", `Could not reach the judge server at ${config.baseUrl}${cause}${after(retries)}.`, {
      reason: "unreachable",
      retries,
    });
  }
  if (e instanceof APIError && e.status !== undefined) {
    const detail = e.message.replace(/^\d{3}\s*/, "").slice(0, 500) || "no details";
    return new AppError("UNAVAILABLE", `The judge server answered HTTP ${e.status}: ${detail}${HINTS[e.status] ?? ""}${after(retries)}.`, {
      reason: "http",
      status: e.status,
      retries,
    });
  }
  return e;
}

/** Connection errors, timeouts, 408, 409, 429 and 5xx are worth another try; anything else is not. */
export function isRetryable(e: unknown): boolean {
  if (e instanceof APIUserAbortError) return false;
  if (e instanceof APIConnectionTimeoutError || e instanceof APIConnectionError) return true;
  if (e instanceof APIError && e.status !== undefined) return e.status === 408 || e.status === 409 || e.status === 429 || e.status >= 500;
  return false;
}

/** The longest Retry-After we honour; a server asking for more gets its request failed instead. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** The longest computed backoff. */
export const MAX_BACKOFF_MS = 60_000;

/** A `retry-after-ms` or `Retry-After` header (seconds, or an HTTP date) in ms; null when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const ms = Number(headers?.get("retry-after-ms"));
  if (headers?.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential backoff with jitter: base·2^attempt (at most MAX_BACKOFF_MS), drawn between half and all of it. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

function describe(e: unknown): string {
  if (e instanceof APIConnectionTimeoutError) return "timeout";
  if (e instanceof APIError && e.status !== undefined) return `HTTP ${e.status}`;
  if (e instanceof APIConnectionError) return "connection error";
  return "error";
}

export type CreateLlmClientOptions = {
  /** Shares a limit of requests in flight between clients (default: one limiter of config.concurrency per client). */
  limiter?: Limiter;
  /** Told about each retry (the CLI prints them). */
  onRetry?: (event: RetryEvent) => void;
};

/**
 * A chat client for the configured OpenAI-compatible server (vLLM, llama.cpp server, Ollama, OpenAI, …):
 * - at most `config.concurrency` requests in flight;
 * - transient failures (connection errors, timeouts, 408/409/429, 5xx) retried up to `config.maxRetries` times with
 *   exponential backoff and jitter, or after exactly the server's `Retry-After` / `retry-after-ms`;
 * - structured outputs: `response_format` json_schema (strict) when the request has a reply schema, stepping down to
 *   json_object and then to none when the server rejects them (remembered for the client's later requests);
 * - token usage from the server's `usage`, added to the request's tally.
 * A new client has its own limiter: callers that serve many requests take the shared one of getLlmClient.
 */
export function createLlmClient(config: LlmClientConfig, options: CreateLlmClientOptions = {}): LlmClient {
  const openai = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 });
  const limiter = options.limiter ?? createLimiter(config.concurrency);
  // Remembered per client: once the server rejected a JSON mode, later requests go without it.
  let mode: JudgeJsonMode = config.jsonMode;

  const responseFormat = (replySchema: ReplySchema | undefined) => {
    if (mode === "off") return {};
    if (mode === "schema" && replySchema) {
      return { response_format: { type: "json_schema" as const, json_schema: { name: replySchema.name, strict: true, schema: replySchema.schema } } };
    }
    return { response_format: { type: "json_object" as const } };
  };

  async function complete(messages: readonly ChatMessage[], opts: CompleteOptions = {}): Promise<string> {
    let retries = 0;
    for (;;) {
      const sent = mode;
      let failure: unknown;
      await limiter.acquire(opts.signal);
      try {
        if (opts.usage) opts.usage.requests++;
        const res = await openai.chat.completions.create(
          {
            model: config.model,
            messages: messages.map((m) => ({ role: m.role, content: m.content })),
            temperature: 0,
            ...responseFormat(opts.replySchema),
          },
          opts.signal ? { signal: opts.signal } : {},
        );
        if (opts.usage) {
          opts.usage.promptTokens += res.usage?.prompt_tokens ?? 0;
          opts.usage.completionTokens += res.usage?.completion_tokens ?? 0;
        }
        return res.choices[0]?.message?.content ?? "";
      } catch (e) {
        failure = e;
      } finally {
        limiter.release();
      }
      if (sent !== "off" && rejectsResponseFormat(failure)) {
        // Step down once per mode and ask again at once: the server does not support what we sent.
        if (mode === sent) mode = sent === "schema" && opts.replySchema ? "object" : "off";
        continue;
      }
      if (!isRetryable(failure) || retries >= config.maxRetries) throw toLlmError(failure, config, retries);
      const fromServer = failure instanceof APIError ? retryAfterMs(failure.headers) : null;
      if (fromServer !== null && fromServer > MAX_RETRY_AFTER_MS) throw toLlmError(failure, config, retries);
      const delayMs = fromServer ?? backoffMs(retries, config.backoffMs);
      options.onRetry?.({ attempt: retries + 1, delayMs, reason: describe(failure), retryAfterMs: fromServer });
      retries++;
      if (opts.usage) opts.usage.retries++;
      await sleep(delayMs, opts.signal);
    }
  }

  return { model: config.model, complete };
}
