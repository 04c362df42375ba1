import type { ChatMessage } from "./types";

export type BuildIntentsPromptOptions = { query: string };

export const INTENTS_SYSTEM_PROMPT = [
  "You analyse web search queries.",
  "List the query's intents: the distinct information needs or sub-questions that a complete answer must cover.",
  'A simple query has exactly one intent; a compound query ("X and Y", comparisons, several questions) has one per part.',
  "Write each intent as a short, self-contained question or phrase in the language of the query. Do not invent needs the query does not express.",
  'Reply with only a JSON object, no prose and no code fence: {"intents": ["…", "…"]}',
].join("\n");

/** Stage 1 messages: the query → `{ "intents": string[] }`. */
export function buildIntentsPrompt({ query }: BuildIntentsPromptOptions): ChatMessage[] {
  return [
    { role: "system", content: INTENTS_SYSTEM_PROMPT },
    { role: "user", content: `<query>\n${query.trim()}\n</query>` },
  ];
}
