import { CATEGORY_META, SPAN_CATEGORIES } from "../spans/categories";
import type { ChatMessage, DocumentChunk, JudgeVariant } from "./types";

export type BuildSpansPromptOptions = {
  query: string;
  /** Two-stage: the intents of stage 1 (the query itself when empty). Ignored by the one-stage variant. */
  intents: readonly string[];
  /** Default "two-stage". */
  variant?: JudgeVariant;
  /** The document's full canonical text; the chunk's block offsets point into it. */
  text: string;
  chunk: DocumentChunk;
  /** 1-based part number and part count when the document was split. */
  part?: { index: number; count: number };
  title?: string | null;
  url?: string | null;
};

const categoryLines = SPAN_CATEGORIES.map((c) => `- ${c}: ${CATEGORY_META[c].description}`);

const SPAN_RULES = [
  "1. COPY every span's text VERBATIM from the document: the same characters, spelling, capitalization and punctuation.",
  '   Never paraphrase, translate, shorten with "...", fix typos or join text from different places.',
  "2. The numbers in brackets ([1], [2], …) only mark the blocks; never include them in a span.",
  "3. A span is a contiguous piece of one block: a phrase, one or more sentences, or the whole block.",
  "   Mark vital text as whole sentences where possible.",
  "4. Only label text that clearly fits a category; leave the rest unlabeled.",
];

const HEADER = [
  "You label spans of one search-result document for query-aware extractive compression: vital text is kept for the",
  "reader who asked the query, the rest is removed.",
  "",
  "Categories:",
  ...categoryLines,
  "",
  "Rules:",
];

/** Stage 2 of the two-stage judge: spans that name the intent (of stage 1) they serve. */
export const SPANS_SYSTEM_PROMPT = [
  ...HEADER,
  ...SPAN_RULES,
  '5. For vital spans set "intent" to the number of the intent they serve; give a short "rationale" (a few words).',
  "",
  "Reply with only a JSON object, no prose and no code fence:",
  '{"spans": [{"text": "<verbatim text>", "category": "vital", "intent": 1, "rationale": "<why>"}]}',
  'Reply {"spans": []} when nothing fits.',
].join("\n");

/** The one-stage variant: spans straight from the query, without intents. */
export const SPANS_ONE_STAGE_SYSTEM_PROMPT = [
  ...HEADER,
  ...SPAN_RULES,
  '5. Give every span a short "rationale" (a few words).',
  "",
  "Reply with only a JSON object, no prose and no code fence:",
  '{"spans": [{"text": "<verbatim text>", "category": "vital", "rationale": "<why>"}]}',
  'Reply {"spans": []} when nothing fits.',
].join("\n");

/** The chunk's blocks as `[n] text` lines (n is 1-based within the chunk). */
export function renderNumberedBlocks(text: string, chunk: DocumentChunk): string {
  return chunk.blocks.map((b, i) => `[${i + 1}] ${text.slice(b.start, b.end)}`).join("\n");
}

/** Stage 2 messages: query + intents + one document (or chunk) → `{ "spans": [...] }`. */
export function buildSpansPrompt(options: BuildSpansPromptOptions): ChatMessage[] {
  const { query, intents, text, chunk, part, title, url, variant = "two-stage" } = options;
  const intentLines = (intents.length > 0 ? intents : [query.trim()]).map((intent, i) => `${i + 1}. ${intent}`);
  const source = [title ? `Title: ${title}` : null, url ? `URL: ${url}` : null].filter(Boolean);
  const sections = [
    `<query>\n${query.trim()}\n</query>`,
    ...(variant === "two-stage" ? [`<intents>\n${intentLines.join("\n")}\n</intents>`] : []),
    ...(source.length > 0 ? [`<source note="context only, do not label">\n${source.join("\n")}\n</source>`] : []),
    ...(part && part.count > 1 ? [`This is part ${part.index} of ${part.count} of the document.`] : []),
    `<document>\n${renderNumberedBlocks(text, chunk)}\n</document>`,
  ];
  return [
    { role: "system", content: variant === "two-stage" ? SPANS_SYSTEM_PROMPT : SPANS_ONE_STAGE_SYSTEM_PROMPT },
    { role: "user", content: sections.join("\n\n") },
  ];
}
