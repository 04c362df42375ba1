import type { ChatMessage } from "./types";

export type BuildRepairMessagesOptions = {
  /** The messages of the request that got the unusable reply. */
  messages: readonly ChatMessage[];
  reply: string;
  /** Why the reply could not be used (from parseJudgeOutput). */
  error: string;
};

/** Longest part of the bad reply echoed back: enough for the model to see its mistake, bounded for the context. */
const MAX_ECHO_CHARS = 4_000;

/** The follow-up request after a malformed reply: the reply as the assistant turn, then the parse error. */
export function buildRepairMessages({ messages, reply, error }: BuildRepairMessagesOptions): ChatMessage[] {
  const echoed = reply.length > MAX_ECHO_CHARS ? `${reply.slice(0, MAX_ECHO_CHARS)}…` : reply;
  return [
    ...messages,
    { role: "assistant", content: echoed || "(empty reply)" },
    {
      role: "user",
      content: `Your reply could not be used: ${error}.\nReply again with only the JSON object described above (valid JSON, double quotes, no trailing commas, no prose, no code fence).`,
    },
  ];
}
