import type { ChatMessage, TextRange } from "./types";

export type BuildExtractPromptOptions = {
  query: string;
  /** The document's full canonical text; `blocks` point into it. */
  text: string;
  /** The parts of the document the model may extract from, in document order, numbered [1], [2], … */
  blocks: readonly TextRange[];
  /** 1-based part number and part count when the document was split. */
  part?: { index: number; count: number };
  title?: string | null;
};

/**
 * llm-extract (docs/judge.md#llm-compressors): an LLM that may only extract. The checklist is the fidelity check's
 * (lib/engine/fidelity/check-fidelity.ts): numbers, dates, names and negations must come through unchanged.
 */
export const EXTRACT_SYSTEM_PROMPT = [
  "You compress one search-result document for a question by EXTRACTING the sentences a complete answer needs.",
  "",
  "Rules:",
  "1. Only extract: COPY each extract VERBATIM from the document, character for character. Never paraphrase, summarize,",
  '   translate, shorten with "...", fix typos or join text from different places.',
  "2. Keep the document's order: extracts appear in the order they occur in the document.",
  "3. Extract whole sentences; never cut a sentence so that its meaning changes.",
  "4. Preserve every number, date, name and negation (not, no, never, without, …) exactly as written.",
  "5. The numbers in brackets ([1], [2], …) only mark the blocks; never include them.",
  "6. Extract nothing that does not help answer the question (navigation, ads, bylines, off-topic text).",
  "",
  "Reply with only a JSON object, no prose and no code fence:",
  '{"extracts": ["<verbatim sentence>", "<verbatim sentence>"]}',
  'Reply {"extracts": []} when nothing in the document helps.',
].join("\n");

/** The messages of one llm-extract request: the query and the document's blocks (or the ones a filter passed). */
export function buildExtractPrompt({ query, text, blocks, part, title }: BuildExtractPromptOptions): ChatMessage[] {
  const numbered = blocks.map((b, i) => `[${i + 1}] ${text.slice(b.start, b.end)}`).join("\n");
  const sections = [
    `<question>\n${query.trim()}\n</question>`,
    ...(title ? [`<title note="context only">\n${title}\n</title>`] : []),
    ...(part && part.count > 1 ? [`This is part ${part.index} of ${part.count} of the document.`] : []),
    `<document>\n${numbered}\n</document>`,
  ];
  return [
    { role: "system", content: EXTRACT_SYSTEM_PROMPT },
    { role: "user", content: sections.join("\n\n") },
  ];
}
