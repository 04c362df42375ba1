import { z } from "zod";
import { COMPRESS_LIMITS, formatBytes, utf8Length } from "./limits";
import { DOWNSTREAM_ENCODINGS } from "../engine/downstream-encodings";
import { AGGREGATIONS, API_METHODS, PRESET_NAMES } from "../engine/methods";
import { findTextProblem } from "../text-decoding/find-text-problem";

/**
 * POST /api/v1/compress: request and response. Client-safe (the inspector form validates with it).
 * Size issues carry `params.status = 413` so handle-route answers 413 instead of 400.
 */

export const TOO_LARGE = { status: 413 } as const;

export const compressResultInputSchema = z
  .object({
    id: z.string().trim().min(1, "id must not be empty").max(200).optional(),
    url: z.string().max(8_192).optional(),
    title: z.string().max(10_000).optional(),
    summary: z.string().max(100_000).optional(),
    text: z.string().optional(),
    html: z.string().optional(),
  })
  .superRefine((r, ctx) => {
    const hasText = r.text !== undefined;
    const hasHtml = r.html !== undefined;
    if (hasText === hasHtml) {
      ctx.addIssue({
        code: "custom",
        message: hasText ? "give either text or html, not both" : "each result needs text or html",
        path: hasText ? ["html"] : ["text"],
      });
      return;
    }
    const content = (hasText ? r.text : r.html) ?? "";
    const bytes = utf8Length(content);
    if (bytes > COMPRESS_LIMITS.maxResultBytes) {
      ctx.addIssue({
        code: "custom",
        message: `result is ${formatBytes(bytes)}; at most ${formatBytes(COMPRESS_LIMITS.maxResultBytes)} per result`,
        path: [hasText ? "text" : "html"],
        params: TOO_LARGE,
      });
      return;
    }
    // Binary data or an unpaired surrogate would be stored/scored as garbage: refuse it (lib/text-decoding).
    const problem = findTextProblem(content);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [hasText ? "text" : "html"] });
  });

export const compressRequestSchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(1, "query must not be empty")
      .max(COMPRESS_LIMITS.maxQueryChars, `query must be at most ${COMPRESS_LIMITS.maxQueryChars} characters`),
    results: z
      .array(compressResultInputSchema)
      .min(1, "results must contain at least one result")
      .max(COMPRESS_LIMITS.maxResults, `at most ${COMPRESS_LIMITS.maxResults} results per request`),
    preset: z.enum(PRESET_NAMES).optional(),
    budget: z.int().min(1).max(COMPRESS_LIMITS.maxBudget).optional(),
    threshold: z.number().min(0).max(1).optional(),
    model: z.string().trim().min(1).max(200).default("model"),
    aggregation: z.enum(AGGREGATIONS).optional(),
    fragmentSize: z.int().min(1).max(3).optional(),
    /** Tokenizer of the downstream LLM that budgets and token counts are measured in. */
    encoding: z.enum(DOWNSTREAM_ENCODINGS).optional(),
    include: z.strictObject({ tokens: z.boolean().optional() }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.preset !== undefined && b.budget !== undefined) {
      ctx.addIssue({ code: "custom", message: "give preset or budget, not both", path: ["budget"] });
    }
    if (b.model === "oracle") {
      ctx.addIssue({
        code: "custom",
        message: `"oracle" needs reference labels and is only available in the CLI; use one of ${API_METHODS.join(", ")} or model:<name>`,
        path: ["model"],
      });
    }
    const seen = new Set<string>();
    let total = 0;
    b.results.forEach((r, i) => {
      if (r.id !== undefined) {
        if (seen.has(r.id)) ctx.addIssue({ code: "custom", message: `duplicate result id "${r.id}"`, path: ["results", i, "id"] });
        seen.add(r.id);
      }
      total += utf8Length(r.text ?? r.html ?? "");
    });
    if (total > COMPRESS_LIMITS.maxTotalBytes) {
      ctx.addIssue({
        code: "custom",
        message: `results total ${formatBytes(total)}; at most ${formatBytes(COMPRESS_LIMITS.maxTotalBytes)} per request`,
        path: ["results"],
        params: TOO_LARGE,
      });
    }
  });

export type CompressRequestInput = z.input<typeof compressRequestSchema>;
export type CompressRequest = z.output<typeof compressRequestSchema>;

// ---------- response ----------

export const spanSchema = z.object({
  resultId: z.string(),
  /** End-exclusive UTF-16 offsets into the result's canonical text. */
  start: z.int(),
  end: z.int(),
  score: z.number(),
  text: z.string(),
});

export const blockSchema = z.object({
  start: z.int(),
  end: z.int(),
  kind: z.enum(["heading", "paragraph", "list-item", "table-row", "code", "quote"]),
  role: z.enum(["main", "navigation", "header", "footer", "aside", "form", "comment"]),
  level: z.int().optional(),
  linkDensity: z.number().min(0).max(1).optional(),
});

export const unitOutSchema = z.object({
  start: z.int(),
  end: z.int(),
  /** Index of the unit's block in `blocks`. */
  block: z.int(),
  score: z.number(),
  /** Downstream-LLM tokens of the unit's text. */
  tokens: z.int(),
});

export const tokenScoresOutSchema = z.object({
  starts: z.array(z.int()),
  ends: z.array(z.int()),
  probs: z.array(z.number()),
  /**
   * Models with a category head: each token's most likely category, as an index into `categoryLabels`
   * (vital, off_topic, ads, metadata, ui_navigation, duplicate) — why a token is kept or dropped.
   */
  categories: z.array(z.int().min(0).max(5)).optional(),
  categoryLabels: z.array(z.string()).optional(),
});

export const compressResultOutSchema = z.object({
  id: z.string(),
  snippet: z.string(),
  spans: z.array(spanSchema),
  tokensIn: z.int(),
  tokensOut: z.int(),
  reason: z.string().optional(),
  // include.tokens only:
  /** The canonical text every offset points into. */
  text: z.string().optional(),
  title: z.string().optional(),
  blocks: z.array(blockSchema).optional(),
  units: z.array(unitOutSchema).optional(),
  tokenScores: tokenScoresOutSchema.optional(),
});

export const compressResponseSchema = z.object({
  results: z.array(compressResultOutSchema),
  tokensIn: z.int(),
  tokensOut: z.int(),
  model: z.string(),
  threshold: z.number(),
  /** The model's calibrated fallback floor: when nothing passes the threshold, the best unit is kept only above it. */
  fallbackFloor: z.number().optional(),
  budget: z.int(),
  aggregation: z.enum(AGGREGATIONS),
  /** Why the selection is not the plain threshold+budget outcome (fallback unit kept, or nothing relevant). */
  reason: z.string().optional(),
  /** How span/unit/block offsets are measured. */
  offsets: z.literal("utf16-canonical"),
  timings: z.object({
    /** HTML/text → canonical text, sentences, downstream token counts. */
    prepareMs: z.number(),
    scoreMs: z.number(),
    /** Model methods: the parts of scoreMs (model tokenizer + features + windows; waiting behind other requests; running). */
    tokenizeMs: z.number().optional(),
    queueMs: z.number().optional(),
    modelMs: z.number().optional(),
    windows: z.int().optional(),
    selectMs: z.number(),
    totalMs: z.number(),
  }),
});

export type BlockOut = z.infer<typeof blockSchema>;
export type UnitOut = z.infer<typeof unitOutSchema>;
export type CompressResultOut = z.infer<typeof compressResultOutSchema>;
export type CompressResponse = z.infer<typeof compressResponseSchema>;
