import "server-only";
import { AppError } from "@/lib/errors";
import { buildRepairMessages } from "@/lib/judge/build-repair-messages";
import type { ReplySchema } from "@/lib/judge/json-schemas";
import type { ChatMessage, ParseResult } from "@/lib/judge/types";
import type { LlmClient, LlmUsage } from "./create-llm-client";

export type CompleteJsonOptions<T> = {
  client: LlmClient;
  messages: ChatMessage[];
  parse: (reply: string) => ParseResult<T>;
  /** What was asked, for the error message ("intents", "spans of document X"). */
  what: string;
  replySchema?: ReplySchema;
  usage?: LlmUsage;
  signal?: AbortSignal;
};

/**
 * One request, parsed; on a malformed reply one repair request that sends the parse error back. A second failure is
 * UNAVAILABLE (reason "malformed") quoting the error and the start of the reply.
 */
export async function completeJson<T>({ client, messages, parse, what, replySchema, usage, signal }: CompleteJsonOptions<T>): Promise<T> {
  const options = { ...(replySchema ? { replySchema } : {}), ...(usage ? { usage } : {}), ...(signal ? { signal } : {}) };
  const reply = await client.complete(messages, options);
  const first = parse(reply);
  if (first.ok) return first.value;
  return repairJson({ client, messages, parse, what, reply, error: first.error, options });
}

/** The repair request after an unusable reply (also used for a malformed line of a Batch API output file). */
export async function repairJson<T>(o: {
  client: LlmClient;
  messages: ChatMessage[];
  parse: (reply: string) => ParseResult<T>;
  what: string;
  reply: string;
  error: string;
  options?: Omit<CompleteJsonOptions<T>, "client" | "messages" | "parse" | "what">;
}): Promise<T> {
  const repairReply = await o.client.complete(buildRepairMessages({ messages: o.messages, reply: o.reply, error: o.error }), o.options ?? {});
  const second = o.parse(repairReply);
  if (second.ok) return second.value;
  throw new AppError(
    "UNAVAILABLE",
    `The judge (${o.client.model}) returned unusable JSON for ${o.what}, also after a repair request: ${second.error}.`,
    {
      reason: "malformed",
      error: second.error,
      firstError: o.error,
      reply: repairReply.slice(0, 500),
    },
  );
}
