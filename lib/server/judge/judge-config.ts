import "server-only";
import { AppError } from "@/lib/errors";
import { getEnv, parseJudgeEnv, type EnvSource, type JudgeConfig } from "../env";

/**
 * The judge's settings: the judge sub-schema of lib/server/env.ts, from the process environment (getEnv) or from a
 * source of the caller's (the CLI overlays its flags). null when neither base URL nor model is set (the judge is simply
 * off); UNAVAILABLE naming the variable when a value is invalid or only one of the two required ones is set.
 */
export function readJudgeConfig(source?: EnvSource): JudgeConfig | null {
  return source ? parseJudgeEnv(source) : getEnv().judge;
}

/** readJudgeConfig, or UNAVAILABLE (503) naming the variables to set when the judge is not configured. */
export function requireJudgeConfig(source?: EnvSource): JudgeConfig {
  const config = readJudgeConfig(source);
  if (config) return config;
  throw new AppError(
    "UNAVAILABLE",
    "The LLM judge is not configured: set SNIPPET_LAB_JUDGE_BASE_URL (an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1) " +
      "and SNIPPET_LAB_JUDGE_MODEL; SNIPPET_LAB_JUDGE_API_KEY and SNIPPET_LAB_JUDGE_TIMEOUT_MS are optional (docs/judge.md).",
    { reason: "not_configured" },
  );
}

/** Whether a judge server is configured (and valid): the LLM methods and judge runs are offered only then. */
export function isJudgeConfigured(): boolean {
  try {
    return readJudgeConfig() !== null;
  } catch {
    return false;
  }
}
