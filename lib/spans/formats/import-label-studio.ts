import { z } from "zod";
import { isSpanCategory, SPAN_CATEGORIES } from "../categories";
import { formatZodError } from "../../schemas/format-zod-issues";
import { checkSpanInText, quote, type Span, type SpanLayerSource } from "../schemas";
import { decodeImportInput } from "./decode-import-input";
import { MAX_IMPORT_ERRORS, type ImportIssue, type ImportResult, type SpanDocument } from "./types";

export interface ImportLabelStudioOptions {
  /** File bytes (strict UTF-8), text, or already-parsed JSON (an array of tasks). */
  input: string | Uint8Array | readonly unknown[];
  /** Refuse bigger files before parsing (default DEFAULT_MAX_IMPORT_BYTES). */
  maxBytes?: number;
  /** Refuse files with more tasks (default 100,000). */
  maxTasks?: number;
}

const id = z.union([z.string().min(1), z.number().int()]);
const resultSchema = z.looseObject({ id: id.optional(), type: z.string(), value: z.unknown(), score: z.number().finite().optional() });
const valueSchema = z.looseObject({
  start: z.number().int(),
  end: z.number().int(),
  text: z.string().optional(),
  labels: z.array(z.string()).min(1, "labels must not be empty"),
  score: z.number().finite().optional(),
});
const completedBy = z.union([z.string(), z.number(), z.looseObject({ email: z.string().optional(), id: z.number().optional() }), z.null()]);
const taskSchema = z.looseObject({
  id: id.optional(),
  data: z.looseObject({
    text: z.string({ error: "required: the document text (a string)" }),
    query: z.string().optional(),
    pairId: z.string().min(1).optional(),
    documentId: z.string().min(1).optional(),
    url: z.string().optional(),
    title: z.string().optional(),
    externalId: z.string().min(1).optional(),
  }),
  annotations: z
    .array(
      z.looseObject({
        completed_by: completedBy.optional(),
        ground_truth: z.boolean().optional(),
        was_cancelled: z.boolean().optional(),
        result: z.array(z.unknown()),
      }),
    )
    .optional(),
  predictions: z.array(z.looseObject({ model_version: z.string().optional(), result: z.array(z.unknown()) })).optional(),
});

/**
 * Imports a Label Studio JSON export (text tasks with "labels" results). All-or-nothing: every task, annotation and
 * region is validated (schema, known category, offsets inside the text, region text equal to the covered text);
 * any problem fails the whole import and every problem is listed with its task index.
 * Layers: annotations → "human" ("gold" when ground_truth), predictions → "model"/"judge" from model_version.
 */
export function importLabelStudio(opts: ImportLabelStudioOptions): ImportResult<SpanDocument> {
  let json: unknown;
  if (Array.isArray(opts.input)) json = opts.input;
  else {
    const decoded = decodeImportInput(opts.input as string | Uint8Array, { maxBytes: opts.maxBytes, label: "Label Studio file" });
    if (!decoded.ok) return { ok: false, errors: [decoded.error] };
    try {
      json = JSON.parse(decoded.text);
    } catch (e) {
      return fileError(`not valid JSON: ${(e as Error).message}`);
    }
  }
  // A single task object is accepted too (Label Studio's API returns one).
  const tasks = Array.isArray(json) ? json : json !== null && typeof json === "object" && "data" in json ? [json] : undefined;
  if (!tasks) return fileError("expected a JSON array of Label Studio tasks");
  const maxTasks = opts.maxTasks ?? 100_000;
  if (tasks.length > maxTasks) return fileError(`${tasks.length} tasks; the limit is ${maxTasks}`);

  const errors: ImportIssue[] = [];
  const records: SpanDocument[] = [];
  const seen = new Map<string, number>();
  for (const [index, raw] of tasks.entries()) {
    if (errors.length >= MAX_IMPORT_ERRORS) {
      errors.push({ index: null, record: "file", message: `stopped after ${MAX_IMPORT_ERRORS} errors` });
      break;
    }
    const where = `[${index}]`;
    const parsed = taskSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, record: where, message: formatZodError(parsed.error, { input: raw }) });
      continue;
    }
    const task = parsed.data;
    const { text } = task.data;
    const documentId = task.data.documentId ?? (task.id !== undefined ? String(task.id) : String(index + 1));
    const pairId = task.data.pairId ?? documentId;
    const key = `${pairId}\u0000${documentId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ index, record: where, message: `pair ${pairId} document ${documentId} already came in task [${first}]` });
      continue;
    }
    seen.set(key, index);

    const spans: Span[] = [];
    const usedIds = new Set<string>();
    let taskOk = true;
    const addRegions = (results: readonly unknown[], path: string, layer: { source: SpanLayerSource; author?: string }) => {
      results.forEach((rawResult, k) => {
        const record = `${where}.${path}.result[${k}]`;
        const problem = (message: string) => {
          errors.push({ index, record, message });
          taskOk = false;
        };
        const r = resultSchema.safeParse(rawResult);
        if (!r.success) return problem(formatZodError(r.error, { input: rawResult }));
        if (r.data.type !== "labels") return problem(`unsupported result type "${r.data.type}" (only "labels" text spans)`);
        const v = valueSchema.safeParse(r.data.value);
        if (!v.success) return problem(formatZodError(v.error, { input: r.data.value, at: ["value"] }));
        const { start, end, labels } = v.data;
        const covered = v.data.text ?? text.slice(start, end);
        const bad = checkSpanInText({ start, end, text: covered }, text);
        if (bad) return problem(bad);
        const unknown = labels.find((l) => !isSpanCategory(l));
        if (unknown !== undefined) return problem(`unknown label ${quote(unknown)}; expected one of ${SPAN_CATEGORIES.join(", ")}`);
        const score = v.data.score ?? r.data.score;
        labels.forEach((label, li) => {
          const span: Span = { documentId, start, end, text: covered, category: label as Span["category"], source: layer.source };
          if (r.data.id !== undefined) span.id = uniqueId(`${r.data.id}${li > 0 ? `#${label}` : ""}`, usedIds);
          if (layer.author !== undefined) span.author = layer.author;
          if (score !== undefined) span.score = score;
          spans.push(span);
        });
      });
    };
    task.annotations?.forEach((a, ai) => {
      if (a.was_cancelled) return; // skipped tasks carry no labels
      const author = authorOf(a.completed_by);
      addRegions(a.result, `annotations[${ai}]`, { source: a.ground_truth ? "gold" : "human", ...(author !== undefined ? { author } : {}) });
    });
    task.predictions?.forEach((p, pi) => addRegions(p.result, `predictions[${pi}]`, layerOfModelVersion(p.model_version)));
    if (!taskOk) continue;
    const doc: SpanDocument = { pairId, query: task.data.query ?? "", documentId, text, spans };
    if (task.data.url !== undefined) doc.url = task.data.url;
    if (task.data.title !== undefined) doc.title = task.data.title;
    if (task.data.externalId !== undefined) doc.externalId = task.data.externalId;
    records.push(doc);
  }
  return errors.length ? { ok: false, errors } : { ok: true, records };
}

function fileError(message: string): ImportResult<SpanDocument> {
  return { ok: false, errors: [{ index: null, record: "file", message }] };
}

/** Label Studio exports user ids (numbers) or user objects; we export author strings. */
function authorOf(c: z.infer<typeof completedBy> | undefined): string | undefined {
  if (c === undefined || c === null) return undefined;
  if (typeof c === "string") return c || undefined;
  if (typeof c === "number") return String(c);
  return c.email ?? (c.id !== undefined ? String(c.id) : undefined);
}

function layerOfModelVersion(v: string | undefined): { source: SpanLayerSource; author?: string } {
  const m = v === undefined ? null : /^(model|judge)(?::(.+))?$/.exec(v);
  if (m) return m[2] !== undefined ? { source: m[1] as "model" | "judge", author: m[2] } : { source: m[1] as "model" | "judge" };
  return v ? { source: "model", author: v } : { source: "model" };
}

/** Label Studio copies prediction regions into annotations with the same ids: keep span ids unique per task. */
function uniqueId(idValue: string, used: Set<string>): string {
  let candidate = idValue;
  for (let n = 2; used.has(candidate); n++) candidate = `${idValue}~${n}`;
  used.add(candidate);
  return candidate;
}
