import "server-only";
import { createHash } from "node:crypto";
import { buildExtractPrompt } from "@/lib/judge/build-extract-prompt";
import { buildIntentsPrompt } from "@/lib/judge/build-intents-prompt";
import { buildRepairMessages } from "@/lib/judge/build-repair-messages";
import { buildSpansPrompt } from "@/lib/judge/build-spans-prompt";
import { EXTRACT_REPLY_SCHEMA, INTENTS_REPLY_SCHEMA, SPANS_ONE_STAGE_REPLY_SCHEMA, SPANS_REPLY_SCHEMA } from "@/lib/judge/json-schemas";
import type { ChatMessage } from "@/lib/judge/types";

/** Bumped by hand when the prompts change in meaning; the hash below changes with any edit anyway. */
export const PROMPT_LABEL = "v2";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * The version of the judge's prompts, stored with every cached reply, judgment and run: the label and a hash of every
 * prompt as it is really sent (each builder run on a fixed sample, so the user-message templates count too), the
 * repair message and the reply schemas. Any edit gives a new version, so old cached replies are never reused for new
 * prompts, and judge-eval can compare prompt versions side by side.
 */
function computePromptVersion(): string {
  const text = "[sample] Block one.\nBlock two.";
  const chunk = {
    start: 10,
    end: text.length,
    blocks: [
      { start: 10, end: 20 },
      { start: 21, end: text.length },
    ],
  };
  const sample = [
    buildIntentsPrompt({ query: "q" }),
    buildSpansPrompt({ query: "q", intents: ["i"], text, chunk, part: { index: 1, count: 2 }, title: "t", url: "u" }),
    buildSpansPrompt({ query: "q", intents: [], text, chunk, variant: "one-stage" }),
    buildExtractPrompt({ query: "q", text, blocks: chunk.blocks, part: { index: 1, count: 2 }, title: "t" }),
    buildRepairMessages({ messages: [], reply: "r", error: "e" }),
  ];
  const schemas = [INTENTS_REPLY_SCHEMA, SPANS_REPLY_SCHEMA, SPANS_ONE_STAGE_REPLY_SCHEMA, EXTRACT_REPLY_SCHEMA];
  return `${PROMPT_LABEL}-${sha256(JSON.stringify({ sample, schemas })).slice(0, 12)}`;
}

export const PROMPT_VERSION = computePromptVersion();

/** The cache key's input hash: sha256 of the request's messages (roles and contents). */
export function hashMessages(messages: readonly ChatMessage[]): string {
  return sha256(JSON.stringify(messages.map((m) => [m.role, m.content])));
}
