// The local judge's answer to one chat-completion body (scripts/local-judge-server.mjs): which prompt it is, the rules'
// reply and the content faults, as an OpenAI chat completion. Shared by the online endpoint and the batch runner.
import { flagsOf } from "./faults.mjs";
import { extract, stageOne, stageTwo } from "./rules.mjs";

/** Roughly four characters per token, as tokenizers of English text average. */
const countTokens = (text) => Math.ceil(text.length / 4);

function completion(model, content, promptTokens) {
  const tokens = countTokens(content);
  return {
    id: `chatcmpl-local-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: tokens, total_tokens: promptTokens + tokens },
  };
}

export const apiError = (message, type, param = null) => ({ error: { message, type, param, code: null } });

/** What kind of prompt a chat request is: "intents", "spans" (two-stage), "spans-one-stage" or "extract". */
export function kindOf(messages) {
  const system = String(messages.find((m) => m?.role === "system")?.content ?? "");
  const user = String(messages.find((m) => m?.role === "user")?.content ?? "");
  if (system.startsWith("You compress") || user.includes("<question>")) return "extract";
  if (!user.includes("<document>")) return "intents";
  return user.includes("<intents>") ? "spans" : "spans-one-stage";
}

/**
 * A chat-completion body → {status, body}: the rules and the content faults (no HTTP-level faults: those belong to the
 * online endpoint). Shared by POST /v1/chat/completions and the batch runner.
 */
export function answerBody(body, baseFlags) {
  const messages = Array.isArray(body?.messages) ? body.messages : null;
  if (!messages || typeof body.model !== "string") {
    return { status: 400, body: apiError("model (string) and messages (array) are required", "invalid_request_error") };
  }
  const active = flagsOf(body.model, messages, baseFlags);
  const format = body.response_format?.type ?? null;
  if (active.has("no-json-mode") && body.response_format !== undefined) {
    return { status: 400, body: apiError("response_format is not supported by this server", "invalid_request_error", "response_format") };
  }
  if (active.has("no-json-schema") && format === "json_schema") {
    return { status: 400, body: apiError("response_format json_schema is not supported by this server", "invalid_request_error", "response_format") };
  }
  const kind = kindOf(messages);
  const userText = String(messages.find((m) => m?.role === "user")?.content ?? "");
  const isRepair = messages.some((m) => m?.role === "assistant");
  let content;
  if (kind !== "intents" && (active.has("malformed") || (active.has("flaky") && !isRepair))) {
    content = kind === "extract" ? '{"extracts": ["unterminated' : '{"spans": [{"text": "unterminated';
  } else {
    const value = kind === "intents" ? stageOne(userText) : kind === "extract" ? extract(userText, active) : stageTwo(userText, active);
    content = JSON.stringify(value);
    if (active.has("prose")) {
      content = `Here is my analysis.\n\`\`\`json\n${JSON.stringify(value, null, 2).replace(/\n}$/, ",\n}")}\n\`\`\`\nLet me know if you need more.`;
    }
  }
  const promptTokens = countTokens(messages.map((m) => String(m?.content ?? "")).join("\n"));
  return { status: 200, body: completion(body.model, content, promptTokens) };
}
