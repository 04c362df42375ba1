import { readFile } from "node:fs/promises";
import { z } from "zod";
import { AppError } from "../errors";
import { htmlToCanonical } from "../text/html-to-canonical";
import { textToCanonical } from "../text/text-to-canonical";
import { alignRawToCanonical } from "./align-offsets";
import { locateQuote } from "./locate-quote";
import { mapRawSpan } from "./map-raw-span";
import { jsonlRecords } from "./jsonl-records";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import type { EvalExample, EvalResult, EvidenceSpan, ImportOptions, RecordError } from "./types";

/*
 * JSONL layout (docs/data-formats.md), one example per line, blank lines ignored:
 *   {"id", "query", "title"?, "url"?, "text" | "html", "evidence": [...], "answers"?: [str], "group"?}
 * or, for a result set of several documents:
 *   {"id", "query", "results": [{"id", "title"?, "url"?, "text" | "html", "evidence"?: [...]}], "answers"?, "group"?}
 * Evidence items are {"start", "end"} or {"text"}:
 *   - text results: {start, end} are UTF-16 offsets into the given `text` (mapped to the canonical text here);
 *   - html results: {start, end} are offsets into the CANONICAL text (htmlToCanonical's output), because raw
 *     HTML offsets would point into markup;
 *   - {text} (either kind) is a quote located in the canonical text (first occurrence, whitespace-tolerant);
 *     the easiest choice for HTML.
 * `evidence: []` marks a query the documents cannot answer (the right output keeps nothing); a line with no
 * `evidence` at all is an error. `group` (for splits) defaults to the id.
 */

const evidenceSchema = z.union([
  z.object({ start: z.number().int().nonnegative(), end: z.number().int().positive() }).refine((e) => e.end > e.start, "end must be > start"),
  z.object({ text: z.string().min(1) }),
]);
type EvidenceItem = z.infer<typeof evidenceSchema>;

const documentFields = {
  title: z.string().optional(),
  url: z.string().optional(),
  text: z.string().min(1).optional(),
  html: z.string().min(1).optional(),
};
const oneOfTextHtml = (d: { text?: string; html?: string }) => (d.text === undefined) !== (d.html === undefined);
const TEXT_OR_HTML = "exactly one of text and html is required";

const resultSchema = z
  .object({ id: z.string().min(1), ...documentFields, evidence: z.array(evidenceSchema).optional() })
  .refine(oneOfTextHtml, TEXT_OR_HTML);

const resultSetLineSchema = z.object({
  id: z.string().min(1),
  query: z.string().min(1),
  results: z.array(resultSchema).min(1),
  answers: z.array(z.string().min(1)).optional(),
  group: z.string().optional(),
});

const documentLineSchema = z
  .object({
    id: z.string().min(1),
    query: z.string().min(1),
    ...documentFields,
    evidence: z.array(evidenceSchema, {
      error: (issue) => (issue.input === undefined ? 'evidence is required (give "evidence": [] for a query the document cannot answer)' : undefined),
    }),
    answers: z.array(z.string().min(1)).optional(),
    group: z.string().optional(),
  })
  .refine(oneOfTextHtml, TEXT_OR_HTML);

/**
 * A line with `results` is a result set, any other line one document: chosen by that key rather than by a union,
 * whose error for a document without `evidence` named the other layout's missing `results`.
 */
function parseLine(json: unknown) {
  const isResultSet = typeof json === "object" && json !== null && "results" in json;
  return isResultSet ? resultSetLineSchema.safeParse(json) : documentLineSchema.safeParse(json);
}

export function parseJsonl(content: string, opts: ImportOptions & { source?: string } = {}): EvalExample[] {
  const source = opts.source ?? "JSONL";
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const ids = new Set<string>();
  const limit = opts.limit ?? Infinity;
  for (const { record, json } of jsonlRecords(content, errors)) {
    if (examples.length >= limit) break;
    const parsed = parseLine(json);
    if (!parsed.success) {
      errors.push({ record, message: formatZodError(parsed.error, json) });
      continue;
    }
    const line_ = parsed.data;
    if (ids.has(line_.id)) {
      errors.push({ record, message: `duplicate id "${line_.id}"` });
      continue;
    }
    ids.add(line_.id);
    const docs =
      "results" in line_
        ? line_.results
        : [{ id: line_.id, title: line_.title, url: line_.url, text: line_.text, html: line_.html, evidence: line_.evidence }];
    const results: EvalResult[] = [];
    const evidence: EvidenceSpan[] = [];
    const problems: string[] = [];
    for (const d of docs) {
      const result: EvalResult = { id: d.id };
      for (const k of ["title", "url", "text", "html"] as const) if (d[k] !== undefined) result[k] = d[k];
      results.push(result);
      for (const item of d.evidence ?? []) {
        const span = locateEvidence(d, item);
        if (typeof span === "string") problems.push(`result "${d.id}": ${span}`);
        else evidence.push({ resultId: d.id, ...span });
      }
    }
    if (new Set(results.map((r) => r.id)).size !== results.length) problems.push("duplicate result ids");
    if (docs.every((d) => d.evidence === undefined) && problems.length === 0) {
      problems.push('no evidence (give "evidence": [] for a query the documents cannot answer)');
    }
    if (problems.length) {
      errors.push({ record, message: problems.join("; ") });
      continue;
    }
    const example: EvalExample = { id: line_.id, query: line_.query, results, evidence, group: line_.group ?? line_.id };
    if (line_.answers?.length) example.answers = line_.answers;
    examples.push(example);
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

// Cached per document object: several evidence items of one document convert it once.
const canonicalCache = new WeakMap<object, { canonical: string; map?: Int32Array }>();

function locateEvidence(d: { text?: string; html?: string }, item: EvidenceItem): { start: number; end: number } | string {
  let c = canonicalCache.get(d);
  if (!c) {
    c = d.html !== undefined ? { canonical: htmlToCanonical(d.html).text } : { canonical: textToCanonical(d.text!).text };
    canonicalCache.set(d, c);
  }
  if ("text" in item) return locateQuote(c.canonical, item.text) ?? `evidence quote "${item.text.slice(0, 60)}" not found`;
  if (d.html !== undefined) {
    if (item.end > c.canonical.length) return `evidence [${item.start}, ${item.end}) beyond the canonical text (${c.canonical.length} chars)`;
    return { start: item.start, end: item.end };
  }
  const raw = d.text!;
  if (item.end > raw.length) return `evidence [${item.start}, ${item.end}) beyond the text (${raw.length} chars)`;
  c.map ??= alignRawToCanonical(raw, c.canonical);
  return (
    mapRawSpan({ raw, canonical: c.canonical, map: c.map, start: item.start, end: item.end }) ??
    `evidence [${item.start}, ${item.end}) not found in the canonical text`
  );
}

export async function readJsonl(path: string, opts: ImportOptions = {}): Promise<EvalExample[]> {
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  return parseJsonl(content, { ...opts, source: path });
}
