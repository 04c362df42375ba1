import { textToCanonical } from "../text/text-to-canonical";
import { alignRawToCanonical } from "./align-offsets";
import { mapRawSpan } from "./map-raw-span";
import type { EvalExample, EvidenceSpan } from "./types";

export interface SentencesToExampleOptions {
  id: string;
  query: string;
  /** The passage as its sentences, in order. */
  sentences: readonly string[];
  /** Indices of the sentences that answer the query (empty: the passage does not answer it). */
  answerSentences: readonly number[];
  group: string;
  resultId: string;
  title?: string;
  answers?: readonly string[];
  /** Between sentences (default " ": one paragraph); "\n\n" makes each sentence its own block (a page's lines). */
  separator?: string;
  /** Leave out a labelled sentence that cannot be located (an empty or markup-only line) instead of failing. */
  dropUnlocated?: boolean;
}

/**
 * One passage given as labelled sentences (answer-sentence selection sets: NQ's sentence layout, SelQA) → one
 * example: the result is the sentences joined by spaces, the evidence each labelled sentence's canonical range.
 * Undefined when a labelled sentence cannot be located (it is reported by the caller).
 */
export function sentencesToExample(opts: SentencesToExampleOptions): EvalExample | undefined {
  const sep = opts.separator ?? " ";
  const raw = opts.sentences.join(sep);
  const starts: number[] = [];
  let at = 0;
  for (const s of opts.sentences) {
    starts.push(at);
    at += s.length + sep.length;
  }
  const doc = textToCanonical(raw);
  const map = alignRawToCanonical(raw, doc.text);
  const evidence: EvidenceSpan[] = [];
  for (const i of [...new Set(opts.answerSentences)].sort((a, b) => a - b)) {
    const sentence = opts.sentences[i];
    const span =
      sentence === undefined || !sentence.trim()
        ? undefined
        : mapRawSpan({ raw, canonical: doc.text, map, start: starts[i]!, end: starts[i]! + sentence.length });
    if (!span && opts.dropUnlocated) continue;
    if (!span) return undefined;
    evidence.push({ resultId: opts.resultId, start: span.start, end: span.end });
  }
  const answers = opts.answers?.filter((a) => a.trim().length > 0) ?? [];
  return {
    id: opts.id,
    query: opts.query,
    results: [{ id: opts.resultId, text: raw, ...(opts.title ? { title: opts.title } : {}) }],
    evidence,
    ...(answers.length ? { answers: [...new Set(answers)] } : {}),
    group: opts.group,
  };
}
