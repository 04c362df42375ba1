import "server-only";
import type { ReplySchema } from "@/lib/judge/json-schemas";
import type { ChatMessage, ParseResult } from "@/lib/judge/types";
import type { Db } from "../db/client";
import { findJudgeCall } from "../db/judge/find-judge-call";
import { saveJudgeCall } from "../db/judge/save-judge-call";
import { completeJson } from "./complete-json";
import { type LlmClient, type LlmUsage, newLlmUsage, addLlmUsage } from "./create-llm-client";
import { hashMessages, PROMPT_VERSION } from "../judge/prompt-version";

export type JudgeCallKind = "intents" | "spans" | "spans-one-stage" | "extract";

/** Where replies are cached: the JudgeCall table of a database (null: no cache, every request goes out). */
export type LlmCache = { db: Db } | null;

export type CompleteCachedOptions<T> = {
  client: LlmClient;
  cache: LlmCache;
  kind: JudgeCallKind;
  messages: ChatMessage[];
  parse: (reply: string) => ParseResult<T>;
  what: string;
  replySchema?: ReplySchema;
  usage?: LlmUsage;
  signal?: AbortSignal;
};

/**
 * completeJson behind the request cache, keyed by (judge model, PROMPT_VERSION, sha256 of the messages): a cached
 * reply is validated again and returned without a request (counted in `usage.cachedRequests`); a new one is stored as
 * soon as it is valid. A cached reply that no longer validates (a stricter schema) is asked again.
 */
export async function completeCached<T>(o: CompleteCachedOptions<T>): Promise<T> {
  const key = { model: o.client.model, promptVersion: PROMPT_VERSION, inputHash: hashMessages(o.messages) };
  if (o.cache) {
    const hit = await findJudgeCall({ key, db: o.cache.db }).catch(cacheUnavailable);
    if (hit) {
      const parsed = o.parse(hit.outputJson);
      if (parsed.ok) {
        if (o.usage) o.usage.cachedRequests++;
        return parsed.value;
      }
    }
  }
  const usage = newLlmUsage();
  let value: T;
  try {
    value = await completeJson({
      client: o.client,
      messages: o.messages,
      parse: o.parse,
      what: o.what,
      usage,
      ...(o.replySchema ? { replySchema: o.replySchema } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    });
  } finally {
    // A request that fails still cost what it sent (retries, a repair): counted either way.
    if (o.usage) addLlmUsage(o.usage, usage);
  }
  if (o.cache) {
    await saveJudgeCall({
      key,
      kind: o.kind,
      outputJson: JSON.stringify(value),
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      requests: usage.requests - usage.retries,
      db: o.cache.db,
    }).catch(cacheUnavailable);
  }
  return value;
}

let warned = false;
/** A database without the JudgeCall table (not migrated) or unreachable: the request goes on uncached, said once. */
function cacheUnavailable(e: unknown): null {
  if (!warned) {
    warned = true;
    const message = (e as Error)?.message ?? String(e);
    // Prisma's message is a multi-line code frame; its last line says what is wrong.
    const reason = message.trim().split("\n").at(-1)?.trim() ?? message;
    const hint = /does not exist/.test(message) ? " (the database is not migrated: node scripts/migrate.mjs, or npm start)" : "";
    console.warn(`[judge] the request cache is unavailable, requests are not cached: ${reason}${hint}`);
  }
  return null;
}
