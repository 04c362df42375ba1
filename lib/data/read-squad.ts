import { z } from "zod";
import { segmentSentences } from "../text/segment-sentences";
import { textToCanonical } from "../text/text-to-canonical";
import { alignRawToCanonical } from "./align-offsets";
import { mapRawSpan } from "./map-raw-span";
import { readJsonFile } from "./read-json-file";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import type { EvalExample, ImportOptions, RecordError } from "./types";

// Real SQuAD-layout files vary: CMRC and others have articles without a title (or an empty one) and numeric ids.
const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const fileSchema = z.object({
  data: z.array(z.object({ title: z.string().optional(), id: idSchema.optional(), paragraphs: z.array(z.unknown()) })),
});
const paragraphSchema = z.object({ context: z.string().min(1), qas: z.array(z.unknown()) });
const qaSchema = z.object({
  id: idSchema,
  // Blank questions occur in real files (CMRC trial): skipped, there is nothing to ask.
  question: z.string(),
  // answer_start -1 (CMRC's alternative answers) means "somewhere": the text is located instead.
  // Empty answer texts (failed alignments in translated sets such as SQuAD-it) are dropped.
  answers: z
    .array(z.object({ text: z.string(), answer_start: z.number().int().min(-1) }))
    .transform((a) => a.filter((x) => x.text.trim().length > 0)),
  // SQuAD 2.0 unanswerable questions carry no evidence: they are skipped, not errors.
  is_impossible: z.boolean().optional(),
});

/**
 * SQuAD v1.1 JSON → one example per question: the result is its paragraph (plain text), the
 * evidence is the sentence(s) of the canonical paragraph holding the FIRST gold answer, the group
 * is the article title, else its id, else its position (split by article, never by question).
 * Unanswerable questions (SQuAD 2.0 `is_impossible`, or no answers) are kept with no evidence:
 * they are where "keep nothing" is tested.
 */
export function parseSquad(json: unknown, opts: ImportOptions & { source?: string } = {}): EvalExample[] {
  const source = opts.source ?? "SQuAD";
  const file = fileSchema.safeParse(json);
  if (!file.success) throwIfRecordErrors([{ record: "file", message: formatZodError(file.error, json) }], source);
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;
  const segOpts = opts.locale ? { locale: opts.locale } : {};

  outer: for (const [ai, article] of file.data!.data.entries()) {
    const title = article.title?.trim() || undefined;
    const group = title ?? (article.id !== undefined ? `article ${article.id}` : `article ${ai + 1}`);
    for (const [pi, rawParagraph] of article.paragraphs.entries()) {
      const where = `data[${ai}].paragraphs[${pi}]`;
      const paragraph = paragraphSchema.safeParse(rawParagraph);
      if (!paragraph.success) {
        errors.push({ record: where, message: formatZodError(paragraph.error, rawParagraph) });
        continue;
      }
      const context = paragraph.data.context;
      const doc = textToCanonical(context);
      const sentences = segmentSentences(doc, segOpts);
      const map = alignRawToCanonical(context, doc.text);
      const resultId = `${group}#${pi}`;
      for (const [qi, rawQa] of paragraph.data.qas.entries()) {
        if (examples.length >= limit) break outer;
        const qaWhere = `${where}.qas[${qi}]`;
        const qa = qaSchema.safeParse(rawQa);
        if (!qa.success) {
          errors.push({ record: qaWhere, message: formatZodError(qa.error, rawQa) });
          continue;
        }
        if (!qa.data.question.trim()) continue;
        const result = { id: resultId, text: context, ...(title ? { title } : {}) };
        if (
          qa.data.answers.length === 0 &&
          !qa.data.is_impossible &&
          Array.isArray((rawQa as { answers?: unknown[] }).answers) &&
          (rawQa as { answers: unknown[] }).answers.length > 0
        ) {
          continue; // answerable, but every answer text is empty: nothing to locate
        }
        if (qa.data.is_impossible || qa.data.answers.length === 0) {
          examples.push({ id: qa.data.id, query: qa.data.question, results: [result], evidence: [], group });
          continue;
        }
        const first = qa.data.answers[0]!;
        const rawSpan = locateRawAnswer(context, first.text, first.answer_start);
        const span = rawSpan && mapRawSpan({ raw: context, canonical: doc.text, map, ...rawSpan });
        if (!span) {
          errors.push({ record: qaWhere, message: `answer "${first.text}" not found in the context` });
          continue;
        }
        const evidence = sentences.filter((s) => s.start < span.end && s.end > span.start).map((s) => ({ resultId, start: s.start, end: s.end }));
        examples.push({
          id: qa.data.id,
          query: qa.data.question,
          results: [result],
          evidence,
          answers: [...new Set(qa.data.answers.map((a) => a.text))],
          group,
        });
      }
    }
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

/** The raw answer span: at answer_start when the text is there, else the nearest occurrence. */
function locateRawAnswer(context: string, text: string, at: number): { start: number; end: number } | undefined {
  if (context.startsWith(text, at)) return { start: at, end: at + text.length };
  let best = -1;
  for (let i = context.indexOf(text); i >= 0; i = context.indexOf(text, i + 1)) {
    if (best < 0 || Math.abs(i - at) < Math.abs(best - at)) best = i;
  }
  return best < 0 ? undefined : { start: best, end: best + text.length };
}

export async function readSquad(path: string, opts: ImportOptions = {}): Promise<EvalExample[]> {
  return parseSquad(await readJsonFile(path), { ...opts, source: path });
}
