import { readFile } from "node:fs/promises";
import { z } from "zod";
import { AppError } from "../errors";
import { jsonlRecords } from "./jsonl-records";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import { sentencesToExample } from "./sentences-to-example";
import type { EvalExample, ImportOptions, RecordError } from "./types";

/*
 * Sentence-labelled JSONL (answer-sentence selection; docs/data-formats.md), one question per line:
 *   {"id", "question", "title"?, "sentences": [str, ...], "labels": [0|1, ...], "answers"?: [str], "group"?}
 * The passage is its sentences joined by spaces; evidence is every sentence labelled 1. A line whose labels are all 0
 * is a question the passage does not answer (evidence []). A line with no sentences (real files hold some: the
 * passage was not kept) is skipped, as blank SQuAD questions are: there is nothing to read. Questions are grouped by `group`, else `title`, else `id`
 * (splits never separate one article or story).
 */
const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const lineSchema = z
  .object({
    id: idSchema,
    question: z.string().min(1, "question is empty"),
    title: z.string().optional(),
    group: z.string().optional(),
    sentences: z.array(z.string()),
    labels: z.array(z.union([z.literal(0), z.literal(1), z.boolean()])),
    answers: z.array(z.string()).optional(),
  })
  .refine((l) => l.labels.length === l.sentences.length, { message: "labels must have one entry per sentence", path: ["labels"] });

export function parseSentenceLabels(text: string, opts: ImportOptions & { source?: string } = {}): EvalExample[] {
  const source = opts.source ?? "sentence-labelled JSONL";
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;
  for (const { record, json } of jsonlRecords(text, errors)) {
    if (examples.length >= limit) break;
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      errors.push({ record, message: formatZodError(parsed.error, json) });
      continue;
    }
    const l = parsed.data;
    if (l.sentences.length === 0) continue;
    const group = l.group ?? l.title ?? l.id;
    const example = sentencesToExample({
      id: l.id,
      query: l.question,
      sentences: l.sentences,
      answerSentences: l.labels.flatMap((v, k) => (v === 1 || v === true ? [k] : [])),
      group,
      resultId: `${group}#${l.id}`,
      ...(l.title ? { title: l.title } : {}),
      ...(l.answers ? { answers: l.answers } : {}),
    });
    if (!example) errors.push({ record, message: "a labelled sentence is empty or could not be located in the passage" });
    else examples.push(example);
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

export async function readSentenceLabels(path: string, opts: ImportOptions = {}): Promise<EvalExample[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  return parseSentenceLabels(text, { ...opts, source: path });
}
