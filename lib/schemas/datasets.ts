// Datasets, pair creation, import and export: request schemas shared by the API routes and the forms, and the routes'
// responses (client-safe).
import { z } from "zod";
import { zPairStatus } from "./enums";
import { zId, zTimestamp } from "./ids";
import { zJudgeConfigKey } from "./judge";
import { findTextProblem } from "../text-decoding/find-text-problem";
import type { FieldLabeler } from "./format-zod-issues";
import { COMPRESS_LIMITS, formatOverLimit, MiB, utf8Length } from "./limits";

export const DATASET_LIMITS = {
  maxNameChars: 100,
  maxDescriptionChars: 2_000,
  maxQueryChars: COMPRESS_LIMITS.maxQueryChars,
  maxResults: COMPRESS_LIMITS.maxResults,
  /** UTF-8 bytes of one pasted result (text or HTML), as in the compress API. */
  maxResultBytes: COMPRESS_LIMITS.maxResultBytes,
  /** JSON body of POST /datasets/:id/pairs. */
  maxPairBodyBytes: COMPRESS_LIMITS.maxBodyBytes,
  /** Import uploads: refused from Content-Length before reading, and while streaming (413). */
  maxImportBytes: 100 * MiB,
  /** Pairs per import (one transaction). */
  maxImportPairs: 50_000,
} as const;

export const datasetNameSchema = z
  .string()
  .trim()
  .min(1, "name is required")
  .max(DATASET_LIMITS.maxNameChars, `at most ${DATASET_LIMITS.maxNameChars} characters`)
  // `*`, not `+`: an empty name fails `min` alone ("name is required"), not this rule too.
  .regex(/^[^\u0000-\u001f\u007f]*$/, "no control characters");

/** POST /api/v1/datasets and the create-dataset form. */
export const createDatasetSchema = z.object({
  name: datasetNameSchema,
  description: z.string().trim().max(DATASET_LIMITS.maxDescriptionChars).optional(),
});

/** Why a file cannot be a result for its size (the form and the server say the same): `decoded` counts its UTF-8 text. */
export function resultFileTooLarge(name: string, size: number, opts: { decoded?: boolean } = {}): string {
  const f = formatOverLimit(size, DATASET_LIMITS.maxResultBytes);
  return `${name} is ${f.size}${opts.decoded ? " as UTF-8 text" : ""}; a result is at most ${f.max}`;
}

const resultBytes = (s: string | undefined) => s === undefined || utf8Length(s) <= DATASET_LIMITS.maxResultBytes;

/** One result of a new pair: exactly one of pasted text, pasted HTML, or a URL fetched server-side. */
export const pairResultInputSchema = z
  .object({
    text: z.string().min(1, "text is empty").optional(),
    html: z.string().min(1, "html is empty").optional(),
    url: z.string().trim().url("not a valid URL").max(2_000).optional(),
    title: z.string().trim().max(500).optional(),
  })
  .refine((r) => [r.text, r.html, r.url].filter((v) => v !== undefined).length === 1, "give exactly one of text, html and url")
  .refine((r) => resultBytes(r.text) && resultBytes(r.html), {
    message: `a result is at most ${DATASET_LIMITS.maxResultBytes / MiB} MB`,
    params: { status: 413 },
  })
  .superRefine((r, ctx) => {
    // Pasted text and HTML follow the upload rules: no binary data, no unpaired surrogates (lib/text-decoding).
    for (const key of ["text", "html"] as const) {
      const value = r[key];
      const problem = value !== undefined && resultBytes(value) ? findTextProblem(value) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [key] });
    }
  });
export type PairResultInput = z.infer<typeof pairResultInputSchema>;

/** Names new-pair fields as the form shows them: results[0].text → "Result 1" (formatZodError's `label`). */
export const pairInputFieldLabel: FieldLabeler = (path) =>
  path[0] === "results" && typeof path[1] === "number" ? { label: `Result ${path[1] + 1}`, rest: path.slice(2) } : undefined;

/** POST /api/v1/datasets/:id/pairs and the new-pair form. */
export const createPairInputSchema = z.object({
  query: z.string().trim().min(1, "query is required").max(DATASET_LIMITS.maxQueryChars),
  results: z.array(pairResultInputSchema).min(1, "at least one result").max(DATASET_LIMITS.maxResults),
});
export type CreatePairInput = z.infer<typeof createPairInputSchema>;

export const IMPORT_FORMATS = ["jsonl", "squad", "hotpotqa", "label-studio", "gold-jsonl"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  jsonl: "JSONL examples (query + text/html + evidence)",
  squad: "SQuAD v1.1/2.0 JSON",
  hotpotqa: "HotpotQA JSON",
  "label-studio": "Label Studio JSON export",
  "gold-jsonl": "Snippet Lab gold JSONL",
};

/** Where evidence of jsonl/squad/hotpotqa examples goes: gold `vital` spans, model suggestions, or nowhere. */
export const EVIDENCE_MODES = ["gold", "suggestion", "none"] as const;
export type EvidenceMode = (typeof EVIDENCE_MODES)[number];

/** Import options (multipart fields or query parameters). */
export const importOptionsSchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: `format must be one of ${IMPORT_FORMATS.join(", ")}` }),
  evidence: z.enum(EVIDENCE_MODES).default("gold"),
});
export type ImportOptionsInput = z.infer<typeof importOptionsSchema>;

export const EXPORT_FORMATS = ["gold-jsonl", "label-studio", "prodigy", "judge-jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /api/v1/datasets/:id/export query. `model` picks the tokenizer for token labels (default model); `judge` the
 * judge configuration whose judgments `judge-jsonl` exports as token labels.
 */
export const exportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(", ")}` }),
    model: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/)
      .optional(),
    judge: zJudgeConfigKey.optional().describe('judge-jsonl: the judge configuration "model|promptVersion|variant" (/research/judge lists them).'),
    audit: z
      .boolean()
      .optional()
      .describe("gold-jsonl: `1` or `true` adds each pair's gold history (`audit`: who changed the gold, when, before and after) to its records."),
  })
  .refine((q) => q.format !== "judge-jsonl" || q.judge !== undefined, {
    message: "format judge-jsonl needs judge=model|promptVersion|variant",
    path: ["judge"],
  })
  .refine((q) => !q.audit || q.format === "gold-jsonl", { message: "audit=1 is for format gold-jsonl", path: ["audit"] });

/** One problem of an import; `record` is a line/task/example reference ("line 3", "[2].annotations[0]", an id). */
export type ImportRecordError = { record: number | string; field?: string; message: string };

/** What an import wrote (or would have: nothing is written when any record fails). */
export type ImportSummary = {
  datasetId: string;
  format: ImportFormat;
  pairs: number;
  documents: number;
  goldSpans: number;
  suggestions: number;
  /** Pairs whose externalId already existed in the dataset (idempotent re-import: left unchanged). */
  skipped: number;
};

/** A dataset's blind-annotation settings (lib/auth/policy.ts isBlindedFor, canSeePredictions). */
export type DatasetSettings = { blindAnnotation: boolean; showPredictions: boolean };

/** PATCH /api/v1/datasets/{id} and the dataset page's settings form: either setting or both. */
export const updateDatasetSchema = z
  .strictObject({
    blindAnnotation: z
      .boolean()
      .optional()
      .describe(
        "Blind annotation: before submitting, annotators (users without pair:review, export:read or research:read) never receive a pair's gold or other annotators' spans.",
      ),
    showPredictions: z
      .boolean()
      .optional()
      .describe(
        "Whether blinded annotators see the model's and the LLM judge's pre-annotation (scores, heatmap, snippet, suggestions) before submitting.",
      ),
  })
  .refine((v) => v.blindAnnotation !== undefined || v.showPredictions !== undefined, { message: "give blindAnnotation or showPredictions" });
export type UpdateDatasetInput = z.infer<typeof updateDatasetSchema>;

// ---------- responses ----------

/** A dataset's name, description and creation time (POST /api/v1/datasets answers these). */
const datasetShape = { id: zId, name: z.string(), description: z.string().nullable(), createdAt: zTimestamp };

/** Counts and blind-annotation settings every dataset view shows. */
const datasetStateShape = {
  pairs: z.int(),
  documents: z.int(),
  goldPairs: z.int().describe('Pairs with gold (live gold spans, or the decision "nothing here is vital").'),
  blindAnnotation: z.boolean().describe("Annotators get no gold or others' spans before submitting (lib/auth/policy.ts isBlindedFor)."),
  showPredictions: z.boolean().describe("Blinded annotators see the model's and the judge's pre-annotation."),
};

/** GET /api/v1/datasets. */
export const datasetsResponseSchema = z.strictObject({
  datasets: z.array(z.strictObject({ ...datasetShape, ...datasetStateShape, goldSpans: z.int().describe("Live gold spans.") })),
});

/** GET and PATCH /api/v1/datasets/{id}. */
export const datasetResponseSchema = z.strictObject({
  dataset: z.strictObject({ ...datasetShape, ...datasetStateShape, byStatus: z.record(zPairStatus, z.int()).describe("Pairs per status.") }),
});

/** POST /api/v1/datasets. */
export const createDatasetResponseSchema = z.strictObject({ dataset: z.strictObject(datasetShape) });

/** POST /api/v1/datasets/{id}/pairs. */
export const createPairResponseSchema = z.strictObject({ id: zId.describe("The new pair's id.") });

/** POST /api/v1/datasets/{id}/import: what the import wrote. */
export const importSummarySchema = z.strictObject({
  datasetId: zId,
  format: z.enum(IMPORT_FORMATS),
  pairs: z.int(),
  documents: z.int(),
  goldSpans: z.int(),
  suggestions: z.int(),
  skipped: z.int().describe("Pairs whose external id was already in the dataset (left unchanged)."),
  droppedHumanSpans: z
    .int()
    .describe("Human spans not imported: those of pairs that also have a gold layer (a pair without one takes its human layers as gold)."),
});

/** DELETE /api/v1/datasets/{id}: what went with it. */
export const deleteDatasetResponseSchema = z.strictObject({
  dataset: z.strictObject({
    id: zId,
    name: z.string(),
    pairs: z.int().describe("Pairs deleted with it (and their annotations, spans, suggestions and model runs)."),
    documents: z.int(),
  }),
});
