import { z } from "zod";
import { readJsonFile } from "./read-json-file";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import { sentencesToExample } from "./sentences-to-example";
import type { EvalExample, ImportOptions, RecordError } from "./types";

/*
 * SelQA answer-sentence selection JSON (docs/data-formats.md): an array of
 *   {question, article, section, candidates: [sentence, ...], answers: [index, ...], is_paraphrase?, topic?}
 * The passage is the section's candidate sentences joined by spaces; evidence is the answer sentences. Grouped by
 * article. SelQA has no question ids: an example's id is its position (`selqa-<index>`).
 */
const fileSchema = z.array(z.unknown());
const itemSchema = z.object({
  question: z.string().min(1, "question is empty"),
  article: z.string().min(1),
  section: z.string().optional(),
  candidates: z.array(z.string()).min(1, "candidates is empty"),
  answers: z.array(z.number().int().nonnegative()),
});

export function parseSelqa(json: unknown, opts: ImportOptions & { source?: string } = {}): EvalExample[] {
  const source = opts.source ?? "SelQA";
  const file = fileSchema.safeParse(json);
  if (!file.success) throwIfRecordErrors([{ record: "file", message: "a SelQA file is a JSON array of questions" }], source);
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;
  for (const [i, raw] of file.data!.entries()) {
    if (examples.length >= limit) break;
    const record = `[${i}]`;
    const item = itemSchema.safeParse(raw);
    if (!item.success) {
      errors.push({ record, message: formatZodError(item.error, raw) });
      continue;
    }
    const q = item.data;
    const outOfRange = q.answers.find((a) => a >= q.candidates.length);
    if (outOfRange !== undefined) {
      errors.push({ record, message: `answer index ${outOfRange} is past the ${q.candidates.length} candidates` });
      continue;
    }
    const example = sentencesToExample({
      id: `selqa-${i}`,
      query: q.question,
      sentences: q.candidates,
      answerSentences: q.answers,
      group: q.article,
      resultId: `${q.article}#${q.section ?? ""}`,
      title: q.article,
    });
    if (!example) errors.push({ record, message: "an answer sentence is empty or could not be located in the passage" });
    else examples.push(example);
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

export async function readSelqa(path: string, opts: ImportOptions = {}): Promise<EvalExample[]> {
  return parseSelqa(await readJsonFile(path), { ...opts, source: path });
}
