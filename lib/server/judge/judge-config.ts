import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";

export type JudgeConfig = {
  /** OpenAI-compatible base URL, usually ending in /v1. */
  baseUrl: string;
  model: string;
  /** "unused" when the server needs none (local servers). */
  apiKey: string;
  /** Per request. */
  timeoutMs: number;
  /** Send response_format json_object (dropped automatically when the server rejects it). */
  jsonMode: boolean;
  /** Largest document part sent in one stage-2 request, in characters. */
  chunkChars: number;
  /** Retries of the openai client on connection errors, 408/409/429 and 5xx. */
  maxRetries: number;
  /** Stage-2 requests in flight at once. */
  concurrency: number;
};

export const JUDGE_ENV = {
  baseUrl: "SNIPPET_LAB_JUDGE_BASE_URL",
  model: "SNIPPET_LAB_JUDGE_MODEL",
  apiKey: "SNIPPET_LAB_JUDGE_API_KEY",
  timeoutMs: "SNIPPET_LAB_JUDGE_TIMEOUT_MS",
  jsonMode: "SNIPPET_LAB_JUDGE_JSON_MODE",
  chunkChars: "SNIPPET_LAB_JUDGE_CHUNK_CHARS",
  maxRetries: "SNIPPET_LAB_JUDGE_MAX_RETRIES",
  concurrency: "SNIPPET_LAB_JUDGE_CONCURRENCY",
} as const;

const intFrom = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be an integer from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const envSchema = z.object({
  [JUDGE_ENV.baseUrl]: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:8000/v1" }),
  [JUDGE_ENV.model]: z.string().trim().min(1).max(200),
  [JUDGE_ENV.apiKey]: z.string().optional(),
  [JUDGE_ENV.timeoutMs]: intFrom(100, 3_600_000, 120_000),
  [JUDGE_ENV.jsonMode]: z.string().optional(),
  [JUDGE_ENV.chunkChars]: intFrom(500, 1_000_000, 12_000),
  [JUDGE_ENV.maxRetries]: intFrom(0, 10, 1),
  [JUDGE_ENV.concurrency]: intFrom(1, 32, 1),
});

/**
 * The judge configuration from the environment; null when neither base URL nor model is set (the judge is simply
 * off). UNAVAILABLE naming the variable when a value is invalid or only one of the two required ones is set.
 * Empty strings count as unset.
 */
export function readJudgeConfig(env: Record<string, string | undefined> = process.env): JudgeConfig | null {
  const values = Object.fromEntries(
    Object.values(JUDGE_ENV).map((name) => [name, env[name]?.trim() ? env[name]!.trim() : undefined]),
  );
  if (values[JUDGE_ENV.baseUrl] === undefined && values[JUDGE_ENV.model] === undefined) return null;
  const parsed = envSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new AppError("UNAVAILABLE", `The LLM judge is misconfigured: ${problems}.`, { reason: "misconfigured" });
  }
  const e = parsed.data;
  return {
    baseUrl: e[JUDGE_ENV.baseUrl].replace(/\/+$/, ""),
    model: e[JUDGE_ENV.model],
    apiKey: e[JUDGE_ENV.apiKey] ?? "unused",
    timeoutMs: e[JUDGE_ENV.timeoutMs],
    jsonMode: e[JUDGE_ENV.jsonMode] !== "0",
    chunkChars: e[JUDGE_ENV.chunkChars],
    maxRetries: e[JUDGE_ENV.maxRetries],
    concurrency: e[JUDGE_ENV.concurrency],
  };
}

/** readJudgeConfig, or UNAVAILABLE (503) naming the variables to set when the judge is not configured. */
export function requireJudgeConfig(env: Record<string, string | undefined> = process.env): JudgeConfig {
  const config = readJudgeConfig(env);
  if (config) return config;
  throw new AppError(
    "UNAVAILABLE",
    `The LLM judge is not configured: set ${JUDGE_ENV.baseUrl} (an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1) ` +
      `and ${JUDGE_ENV.model}; ${JUDGE_ENV.apiKey} and ${JUDGE_ENV.timeoutMs} are optional (docs/judge.md).`,
    { reason: "not_configured" },
  );
}
