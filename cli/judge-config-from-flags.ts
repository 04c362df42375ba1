import type { JudgeConfig } from "../lib/server/env";

/**
 * The judge's settings for `judge` and `judge-batch`: the environment's SNIPPET_LAB_JUDGE_* with `--model` and
 * `--base-url` laid over them and validated as the variables are (a bad URL names SNIPPET_LAB_JUDGE_BASE_URL);
 * UNAVAILABLE when the judge is not configured. Nothing is written to the environment: the commands pass this object on.
 */
export async function judgeConfigFromFlags(flags: { model?: string | undefined; baseUrl?: string | undefined }): Promise<JudgeConfig> {
  // Loaded here so `--help` stays instant.
  const { envWith } = await import("../lib/server/env");
  const { requireJudgeConfig } = await import("../lib/server/judge/judge-config");
  return requireJudgeConfig(
    envWith({
      ...(flags.model ? { SNIPPET_LAB_JUDGE_MODEL: flags.model } : {}),
      ...(flags.baseUrl ? { SNIPPET_LAB_JUDGE_BASE_URL: flags.baseUrl } : {}),
    }),
  );
}
