// The LLM-as-judge, pure part: prompts, output schemas, tolerant JSON parsing, quote matching and chunking.
export * from "./types";
export * from "./schemas";
export { extractJson } from "./extract-json";
export { parseJudgeOutput, parseIntentsOutput, parseSpansOutput } from "./parse-judge-output";
export { buildIntentsPrompt, INTENTS_SYSTEM_PROMPT, type BuildIntentsPromptOptions } from "./build-intents-prompt";
export { buildSpansPrompt, renderNumberedBlocks, SPANS_SYSTEM_PROMPT, type BuildSpansPromptOptions } from "./build-spans-prompt";
export { buildRepairMessages, type BuildRepairMessagesOptions } from "./build-repair-messages";
export { chunkDocument, type ChunkDocumentOptions } from "./chunk-document";
export { normalizeForMatch, type NormalizedText } from "./normalize-for-match";
export { createQuoteMatcher, matchQuote, type MatchQuoteOptions } from "./match-quote";
