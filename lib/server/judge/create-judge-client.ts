import "server-only";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { AppError } from "@/lib/errors";
import type { ChatMessage } from "@/lib/judge/types";
import type { JudgeConfig } from "../env";

export type JudgeClient = {
  model: string;
  /** One chat completion at temperature 0; the reply text ("" when the server sent no content). */
  complete(messages: readonly ChatMessage[]): Promise<string>;
};

/** A 400/422 that complains about response_format: the server has no JSON mode, so we ask again without it. */
function rejectsJsonMode(e: unknown): boolean {
  return e instanceof APIError && (e.status === 400 || e.status === 422) && /response_format|json_object/i.test(e.message);
}

const HINTS: Record<number, string> = {
  401: " (check SNIPPET_LAB_JUDGE_API_KEY)",
  403: " (check SNIPPET_LAB_JUDGE_API_KEY)",
  404: " (check SNIPPET_LAB_JUDGE_BASE_URL, usually ending in /v1, and SNIPPET_LAB_JUDGE_MODEL)",
  429: " (rate limited: try again later or lower SNIPPET_LAB_JUDGE_CONCURRENCY)",
};

/** openai errors → AppError UNAVAILABLE with the HTTP status (or timeout / connection failure) in the message. */
export function toJudgeError(e: unknown, config: JudgeConfig): unknown {
  if (e instanceof APIConnectionTimeoutError) {
    return new AppError(
      "UNAVAILABLE",
      `The judge server at ${config.baseUrl} did not answer within ${config.timeoutMs} ms (SNIPPET_LAB_JUDGE_TIMEOUT_MS).`,
      { reason: "timeout", timeoutMs: config.timeoutMs },
    );
  }
  if (e instanceof APIConnectionError) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
    return new AppError("UNAVAILABLE", `Could not reach the judge server at ${config.baseUrl}${cause}.`, { reason: "unreachable" });
  }
  if (e instanceof APIError && e.status !== undefined) {
    const detail = e.message.replace(/^\d{3}\s*/, "").slice(0, 500) || "no details";
    return new AppError("UNAVAILABLE", `The judge server answered HTTP ${e.status}: ${detail}${HINTS[e.status] ?? ""}.`, {
      reason: "http",
      status: e.status,
    });
  }
  return e;
}

/** A chat client for the configured OpenAI-compatible server (vLLM, llama.cpp server, Ollama, OpenAI, …). */
export function createJudgeClient(config: JudgeConfig): JudgeClient {
  const openai = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
  // Remembered per client: once the server rejected JSON mode, later requests of the run go without it.
  let jsonMode = config.jsonMode;

  async function complete(messages: readonly ChatMessage[]): Promise<string> {
    try {
      const res = await openai.chat.completions.create({
        model: config.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        temperature: 0,
        ...(jsonMode ? { response_format: { type: "json_object" as const } } : {}),
      });
      return res.choices[0]?.message?.content ?? "";
    } catch (e) {
      if (jsonMode && rejectsJsonMode(e)) {
        jsonMode = false;
        return complete(messages);
      }
      throw toJudgeError(e, config);
    }
  }

  return { model: config.model, complete };
}
