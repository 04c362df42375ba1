import "server-only";
import { AppError } from "@/lib/errors";
import { buildRepairMessages } from "@/lib/judge/build-repair-messages";
import type { ChatMessage, ParseResult } from "@/lib/judge/types";
import type { JudgeClient } from "./create-judge-client";

export type CompleteJsonOptions<T> = {
  client: JudgeClient;
  messages: ChatMessage[];
  parse: (reply: string) => ParseResult<T>;
  /** What was asked, for the error message ("intents", "spans of document X"). */
  what: string;
};

/**
 * One request, parsed; on a malformed reply one repair request that sends the parse error back. A second failure is
 * UNAVAILABLE (reason "malformed") quoting the error and the start of the reply.
 */
export async function completeJson<T>({ client, messages, parse, what }: CompleteJsonOptions<T>): Promise<T> {
  const reply = await client.complete(messages);
  const first = parse(reply);
  if (first.ok) return first.value;
  const repairReply = await client.complete(buildRepairMessages({ messages, reply, error: first.error }));
  const second = parse(repairReply);
  if (second.ok) return second.value;
  throw new AppError("UNAVAILABLE", `The judge (${client.model}) returned unusable JSON for ${what}, also after a repair request: ${second.error}.`, {
    reason: "malformed",
    error: second.error,
    firstError: first.error,
    reply: repairReply.slice(0, 500),
  });
}
