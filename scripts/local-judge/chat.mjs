// POST /v1/chat/completions of the local judge server (scripts/local-judge-server.mjs): the HTTP-level faults (error,
// error-once, rate-limit, slow, slow-once), then the rules' answer (answer.mjs).
import { createHash } from "node:crypto";
import { answerBody, apiError, kindOf } from "./answer.mjs";
import { flagsOf } from "./faults.mjs";
import { readBody, send } from "./http-io.mjs";

/**
 * Distinct requests whose attempts are counted: the oldest is forgotten beyond this (it would count as a first attempt
 * again). Far more than a client retries, and a server that runs for days (e2e, a soak) stays a few MB.
 */
export const MAX_COUNTED_REQUESTS = 10_000;

/**
 * The handler of chat-completion requests. `record(entry)` gets each request (model, kind, messages, attempt, status);
 * the attempt is the how-manieth time this exact request (model + messages) arrived, counted by a hash of it.
 */
export function createChatHandler({ baseFlags, record, slowMs, retryAfterS }) {
  /** Attempts per distinct request (a hash of model + messages): the *-once faults and rate-limit hit the first only. */
  const attempts = new Map();
  const countAttempt = (body, messages) => {
    const key = createHash("sha256")
      .update(JSON.stringify([body?.model, messages]))
      .digest("base64");
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.delete(key); // re-inserted last: the least recently seen request is forgotten first
    attempts.set(key, attempt);
    if (attempts.size > MAX_COUNTED_REQUESTS) attempts.delete(attempts.keys().next().value);
    return attempt;
  };

  return async function answerChat(req, res) {
    let body;
    try {
      body = JSON.parse((await readBody(req)).toString("utf8"));
    } catch {
      return send(res, 400, apiError("request body is not valid JSON", "invalid_request_error"));
    }
    const messages = Array.isArray(body?.messages) ? body.messages : [];
    const kind = kindOf(messages);
    const active = flagsOf(body?.model ?? "", messages, baseFlags);
    const attempt = countAttempt(body, messages);
    const entry = {
      model: body?.model,
      stage: kind === "intents" ? 1 : 2,
      kind,
      responseFormat: body?.response_format?.type ?? null,
      repair: messages.some((m) => m?.role === "assistant"),
      messages,
      status: 200,
      via: "online",
      attempt,
      at: Date.now(),
    };
    record(entry);

    const answer = () => {
      if (active.has("error") || (active.has("error-once") && attempt === 1)) {
        entry.status = 500;
        return send(res, 500, apiError("local judge: simulated server error", "server_error"));
      }
      if (active.has("rate-limit") && attempt === 1) {
        entry.status = 429;
        return send(res, 429, apiError("local judge: rate limit reached, retry later", "rate_limit_error"), { "retry-after": String(retryAfterS) });
      }
      const answered = answerBody(body, baseFlags);
      entry.status = answered.status;
      send(res, answered.status, answered.body);
    };
    if (!active.has("slow") && !(active.has("slow-once") && attempt === 1)) return answer();
    const timer = setTimeout(answer, slowMs);
    res.on("close", () => clearTimeout(timer)); // the client gave up: do not answer into a closed socket
  };
}
