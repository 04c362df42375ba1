import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { readJudgeConfig, requireJudgeConfig } from "./judge-config";

const BASE = { SNIPPET_LAB_JUDGE_BASE_URL: "http://127.0.0.1:8000/v1/", SNIPPET_LAB_JUDGE_MODEL: " qwen2.5-7b-instruct " };

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("judge config", () => {
  it("reads the environment with defaults", () => {
    expect(readJudgeConfig(BASE)).toEqual({
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "qwen2.5-7b-instruct",
      apiKey: "unused",
      timeoutMs: 120_000,
      jsonMode: "schema",
      chunkChars: 12_000,
      maxRetries: 4,
      backoffMs: 1_000,
      concurrency: 1,
      prices: {},
    });
    expect(
      readJudgeConfig({
        ...BASE,
        SNIPPET_LAB_JUDGE_API_KEY: "sk-test",
        SNIPPET_LAB_JUDGE_TIMEOUT_MS: "5000",
        SNIPPET_LAB_JUDGE_JSON_MODE: "0",
        SNIPPET_LAB_JUDGE_CHUNK_CHARS: "4000",
        SNIPPET_LAB_JUDGE_CONCURRENCY: "4",
      }),
    ).toMatchObject({ apiKey: "sk-test", timeoutMs: 5000, jsonMode: "off", chunkChars: 4000, concurrency: 4 });
    expect(readJudgeConfig({ ...BASE, SNIPPET_LAB_JUDGE_API_KEY: "  " })?.apiKey).toBe("unused");
  });

  it("is null when unset and UNAVAILABLE naming the variable when half set or invalid", () => {
    expect(readJudgeConfig({})).toBeNull();
    expect(readJudgeConfig({ SNIPPET_LAB_JUDGE_BASE_URL: "", SNIPPET_LAB_JUDGE_MODEL: " " })).toBeNull();
    expect(errorOf(() => requireJudgeConfig({})).message).toMatch(/not configured: set SNIPPET_LAB_JUDGE_BASE_URL .* SNIPPET_LAB_JUDGE_MODEL/);
    const half = errorOf(() => readJudgeConfig({ SNIPPET_LAB_JUDGE_BASE_URL: "http://x/v1" }));
    expect(half.code).toBe("UNAVAILABLE");
    expect(half.message).toContain("SNIPPET_LAB_JUDGE_MODEL");
    expect(errorOf(() => readJudgeConfig({ ...BASE, SNIPPET_LAB_JUDGE_BASE_URL: "ftp://x" })).message).toContain("SNIPPET_LAB_JUDGE_BASE_URL");
    expect(errorOf(() => readJudgeConfig({ ...BASE, SNIPPET_LAB_JUDGE_TIMEOUT_MS: "-1" })).message).toMatch(
      /SNIPPET_LAB_JUDGE_TIMEOUT_MS: must be an integer from 100/,
    );
  });
});
