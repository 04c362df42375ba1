import { z } from "zod";
import { textToCanonical } from "../text/text-to-canonical";
import { alignRawToCanonical, trimRange } from "./align-offsets";
import { mapRawSpan } from "./map-raw-span";
import { readJsonFile } from "./read-json-file";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import type { EvalExample, EvalResult, EvidenceSpan, ImportOptions, RecordError } from "./types";

const exampleSchema = z.object({
  _id: z.string().min(1),
  question: z.string().min(1),
  answer: z.string(),
  type: z.string().optional(),
  level: z.string().optional(),
  supporting_facts: z.array(z.tuple([z.string(), z.number().int().nonnegative()])).min(1),
  context: z.array(z.tuple([z.string(), z.array(z.string())])).min(1),
});

/**
 * HotpotQA (official array) → one example per question with one result per context paragraph.
 * The paragraph text is "".join(sentences) as in HotpotQA itself (sentences after the first carry
 * their leading space); evidence = the supporting sentences, located in the canonical text.
 * yes/no answers aren't extractive and are left out of `answers`. group = _id.
 */
export function parseHotpotQa(json: unknown, opts: ImportOptions & { source?: string } = {}): EvalExample[] {
  const source = opts.source ?? "HotpotQA";
  const top = z.array(z.unknown()).safeParse(json);
  if (!top.success) throwIfRecordErrors([{ record: "file", message: "expected a JSON array of examples" }], source);
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;

  for (const [index, raw] of top.data!.entries()) {
    if (examples.length >= limit) break;
    const where = `[${index}]`;
    const parsed = exampleSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push({ record: where, message: formatZodError(parsed.error, raw) });
      continue;
    }
    const ex = parsed.data;
    const results: EvalResult[] = [];
    const byTitle = new Map<string, { id: string; text: string; sentences: string[]; canonical?: string; map?: Int32Array }>();
    for (const [title, sentences] of ex.context) {
      let id = title;
      for (let n = 2; byTitle.has(id); n++) id = `${title} (${n})`;
      const text = sentences.join("");
      byTitle.set(id, { id, text, sentences });
      results.push({ id, text, title });
    }
    const evidence: EvidenceSpan[] = [];
    let bad = false;
    for (const [title, sentId] of ex.supporting_facts) {
      const para = byTitle.get(title);
      const sentence = para?.sentences[sentId];
      if (!para || sentence === undefined) {
        errors.push({ record: where, message: `supporting fact [${JSON.stringify(title)}, ${sentId}] points to no sentence` });
        bad = true;
        break;
      }
      if (!sentence.trim()) continue;
      if (para.canonical === undefined) {
        para.canonical = textToCanonical(para.text).text;
        para.map = alignRawToCanonical(para.text, para.canonical);
      }
      const offset = para.sentences.slice(0, sentId).reduce((a, s) => a + s.length, 0);
      const rawSpan = trimRange(para.text, offset, offset + sentence.length);
      const span = mapRawSpan({ raw: para.text, canonical: para.canonical, map: para.map!, ...rawSpan });
      if (!span) {
        errors.push({ record: where, message: `supporting sentence ${sentId} of "${title}" not found in the canonical text` });
        bad = true;
        break;
      }
      evidence.push({ resultId: para.id, ...span });
    }
    if (bad) continue;
    evidence.sort((a, b) => results.findIndex((r) => r.id === a.resultId) - results.findIndex((r) => r.id === b.resultId) || a.start - b.start);
    const example: EvalExample = { id: ex._id, query: ex.question, results, evidence, group: ex._id };
    const answer = ex.answer.trim();
    if (answer && !/^(yes|no)$/i.test(answer)) example.answers = [answer];
    examples.push(example);
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

export async function readHotpotQa(path: string, opts: ImportOptions = {}): Promise<EvalExample[]> {
  return parseHotpotQa(await readJsonFile(path), { ...opts, source: path });
}
