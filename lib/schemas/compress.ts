import { z } from "zod";
import { COMPRESS_LIMITS, formatOverLimit, utf8Length } from "./limits";
import { DOWNSTREAM_ENCODINGS } from "../engine/downstream-encodings";
import { AGGREGATIONS, API_METHODS, DEFAULT_PRESET, LLM_METHODS, PRESET_NAMES, PRESETS } from "../engine/methods";
import { FIDELITY_KINDS } from "../engine/fidelity/check-fidelity";
import { findTextProblem } from "../text-decoding/find-text-problem";
import { flatProfileSchema } from "./selection-profile";

/**
 * POST /api/v1/compress: request and response. Client-safe (the inspector form validates with it). The field
 * descriptions are the API reference (the OpenAPI document and /api-docs are generated from these schemas).
 * Size issues carry `params.status = 413` so handle-route answers 413 instead of 400.
 */

/** The most consecutive sentences of one block merged into one unit (`fragmentSize`). */
export const MAX_FRAGMENT_SIZE = 3;

export const TOO_LARGE = { status: 413 } as const;

export const compressResultInputSchema = z
  .object({
    id: z
      .string()
      .trim()
      .min(1, "id must not be empty")
      .max(200)
      .optional()
      .describe('Unique within the request; defaults to the result\'s index ("0", "1", …).'),
    url: z.string().max(8_192).optional(),
    title: z.string().max(10_000).optional(),
    summary: z.string().max(100_000).optional(),
    text: z.string().optional().describe("Plain text of the page: exactly one of `text` and `html`."),
    html: z.string().optional().describe("HTML of the page, converted to canonical text: exactly one of `text` and `html`."),
  })
  .describe(`One search result: at most ${COMPRESS_LIMITS.maxResultBytes / 1024 / 1024} MB of text or HTML.`)
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
      const f = formatOverLimit(bytes, COMPRESS_LIMITS.maxResultBytes);
      ctx.addIssue({
        code: "custom",
        message: `result is ${f.size}; at most ${f.max} per result`,
        path: [hasText ? "text" : "html"],
        params: TOO_LARGE,
      });
      return;
    }
    // Binary data or an unpaired surrogate would be stored/scored as garbage: refuse it (lib/text-decoding).
    const problem = findTextProblem(content);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [hasText ? "text" : "html"] });
  });

const zMethodName = z.string().trim().min(1).max(200);

/** An explicit downstream-token budget: the API's `budget`, and the custom budget fields parse with it (parseBudgetInput). */
export const budgetSchema = z.int().min(1).max(COMPRESS_LIMITS.maxBudget);

/** The method a request names: `method`, else the deprecated `model`, else the default model. */
export function requestedMethod(body: { method?: string | undefined; model?: string | undefined }): string {
  return body.method ?? body.model ?? "model";
}

export const compressRequestSchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(1, "query must not be empty")
      .max(COMPRESS_LIMITS.maxQueryChars, `query must be at most ${COMPRESS_LIMITS.maxQueryChars} characters`)
      .describe("The query the results answer; non-empty after trimming."),
    results: z
      .array(compressResultInputSchema)
      .min(1, "results must contain at least one result")
      .max(COMPRESS_LIMITS.maxResults, `at most ${COMPRESS_LIMITS.maxResults} results per request`)
      .describe(
        `The result set; one token budget is shared by all results. At most ${COMPRESS_LIMITS.maxTotalBytes / 1024 / 1024} MB of text and HTML together.`,
      ),
    preset: z
      .enum(PRESET_NAMES)
      .optional()
      .describe(
        `Budget of ${PRESET_NAMES.map((p) => PRESETS[p].toLocaleString("en")).join(" / ")} downstream tokens (default \`${DEFAULT_PRESET}\`); not together with \`budget\`.`,
      ),
    budget: budgetSchema.optional().describe("Explicit downstream-token budget; not together with `preset`."),
    threshold: z.number().min(0).max(1).optional().describe("Units scoring below are dropped. Default: the model's threshold (0 for the baselines)."),
    method: zMethodName
      .optional()
      .describe(
        `\`model\` (the default model; the default), \`model:<name>\`, \`bm25\` or \`lead\` (GET /api/v1/models lists them); with a judge server configured also ${LLM_METHODS.map((m) => `\`${m}\``).join(" and ")} (\`hybrid:bm25\`, \`hybrid:<model>\`: the filter), 503 otherwise. \`oracle\` is CLI-only.`,
      ),
    model: zMethodName.optional().meta({
      deprecated: true,
      description: "Deprecated: the former name of `method` (it takes any method, not only a model); still accepted. Give one of the two.",
    }),
    aggregation: z.enum(AGGREGATIONS).optional().describe("How token probabilities become a sentence score (default: the model's)."),
    fragmentSize: z.int().min(1).max(MAX_FRAGMENT_SIZE).optional().describe("Consecutive sentences of one block merged into one unit."),
    encoding: z
      .enum(DOWNSTREAM_ENCODINGS)
      .optional()
      .describe("Tokenizer of the downstream LLM that budgets and token counts are measured in (default: the server's)."),
    include: z
      .strictObject({
        tokens: z
          .boolean()
          .optional()
          .describe("Also return per result the canonical `text`, `blocks`, `units` and (for token models) `tokenScores`."),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.preset !== undefined && b.budget !== undefined) {
      ctx.addIssue({ code: "custom", message: "give preset or budget, not both", path: ["budget"] });
    }
    if (b.method !== undefined && b.model !== undefined && b.method !== b.model) {
      ctx.addIssue({ code: "custom", message: "give method (or the deprecated model), not both", path: ["model"] });
    }
    if (requestedMethod(b) === "oracle") {
      ctx.addIssue({
        code: "custom",
        message: `"oracle" needs reference labels and is only available in the CLI; use one of ${API_METHODS.join(", ")} or model:<name>`,
        path: [b.method !== undefined ? "method" : "model"],
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
      const f = formatOverLimit(total, COMPRESS_LIMITS.maxTotalBytes);
      ctx.addIssue({
        code: "custom",
        message: `results total ${f.size}; at most ${f.max} per request`,
        path: ["results"],
        params: TOO_LARGE,
      });
    }
  })
  // Parsed, both name the method asked for (`model` for code that still reads the deprecated field).
  .transform((b) => ({ ...b, method: requestedMethod(b), model: requestedMethod(b) }));

export type CompressRequestInput = z.input<typeof compressRequestSchema>;
export type CompressRequest = z.output<typeof compressRequestSchema>;

// ---------- response ----------

export const spanSchema = z.object({
  resultId: z.string(),
  start: z.int().describe("End-exclusive UTF-16 offsets into the result's canonical text: `text.slice(start, end) === span.text`."),
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
  breaks: z
    .array(z.int())
    .optional()
    .describe("Offsets inside the block where a unit starts although the text runs on (a run-in heading ends there)."),
});

export const unitOutSchema = z.object({
  start: z.int(),
  end: z.int(),
  block: z.int().describe("Index of the unit's block in `blocks`."),
  score: z.number(),
  tokens: z.int().describe("Downstream-LLM tokens of the unit's text."),
  similarity: z
    .number()
    .optional()
    .describe(
      "Models with a similarity stage (`profile.similarity`): the unit's query similarity (per its `source`: the word vectors' share of the query covered, 0..1, or the sentence encoder's cosine to the query, −1..1), blended into `score`.",
    ),
});

export const tokenScoresOutSchema = z.object({
  starts: z.array(z.int()),
  ends: z.array(z.int()),
  probs: z.array(z.number()),
  categories: z
    .array(z.int().min(0).max(5))
    .optional()
    .describe(
      "Models with a category head: each token's most likely category, as an index into `categoryLabels` (vital, off_topic, ads, metadata, ui_navigation, duplicate) — why a token is kept or dropped.",
    ),
  categoryLabels: z.array(z.string()).optional(),
});

export const compressResultOutSchema = z.object({
  id: z.string(),
  snippet: z.string().describe('The kept spans joined with "\\n…\\n".'),
  spans: z.array(spanSchema),
  tokensIn: z.int(),
  tokensOut: z.int(),
  reason: z.string().optional().describe("Why the result keeps nothing."),
  // include.tokens only:
  text: z.string().optional().describe("`include.tokens`: the canonical text every offset points into."),
  title: z.string().optional(),
  blocks: z.array(blockSchema).optional().describe("`include.tokens`: the canonical text's blocks."),
  units: z.array(unitOutSchema).optional().describe("`include.tokens`: the scored units (sentences or fragments)."),
  tokenScores: tokenScoresOutSchema.optional().describe("`include.tokens`, token models: the model's per-token probabilities."),
});

export const fidelityViolationSchema = z.object({
  resultId: z.string(),
  kind: z.enum(FIDELITY_KINDS).describe("What changed: a number, a date word, a proper name, a negation, or text absent from the source."),
  message: z.string(),
  start: z.int().optional().describe("Where the output stands in the source (absent when it could not be located)."),
  end: z.int().optional(),
  output: z.string().optional().describe("The output as the method returned it (an LLM's extract as written), shortened."),
});

export const fidelitySchema = z
  .object({
    checked: z.int().describe("Output pieces checked: kept spans, and an LLM method's extracts."),
    violations: z.array(fidelityViolationSchema),
  })
  .describe(
    "The fidelity check of the output at the request's threshold and budget: numbers, dates, names and negations near kept text appear identically in the source, and nothing the method returned is absent from it.",
  );

export const llmExtractSchema = z.object({
  resultId: z.string(),
  text: z.string().describe("The extract as the LLM wrote it."),
  start: z.int().optional().describe("Where it was located in the canonical text (end-exclusive UTF-16)."),
  end: z.int().optional(),
  method: z.string().optional().describe("The matching step that located it: exact, normalized, regex or fuzzy."),
  reason: z.string().optional().describe("Why it could not be located: flagged, never kept."),
});

export const llmInfoSchema = z
  .object({
    model: z.string(),
    requests: z.int().describe("HTTP requests sent (retries and repairs included)."),
    cachedRequests: z.int().describe("Requests answered from the cache (nothing sent)."),
    promptTokens: z.int(),
    completionTokens: z.int(),
    extracts: z.array(llmExtractSchema),
    filter: z.string().optional().describe("hybrid: the method that filtered units first."),
    passedUnits: z.int().optional(),
    totalUnits: z.int().optional(),
  })
  .describe("llm-extract and hybrid: what the LLM returned, matched back or flagged, and what it cost.");

/**
 * A copy API 1.1.0 sent beside `profile` and API 1.x keeps sending (docs/api-changelog.md): optional and marked
 * deprecated in the OpenAPI document (API_DEPRECATIONS lists it).
 */
function deprecatedCopy<T extends z.ZodType>(schema: T, of: string) {
  return schema.optional().meta({ deprecated: true, description: `Deprecated, removed in API 2.0.0: a copy of ${of}.` });
}

export const compressResponseSchema = z.object({
  results: z.array(compressResultOutSchema),
  tokensIn: z.int(),
  tokensOut: z.int(),
  model: z
    .string()
    .describe("The method that scored: `model:<name>` for a token model (also when the request said `model`), else the request's `method`."),
  threshold: z.number(),
  profile: flatProfileSchema.describe(
    "The method's selection profile: every setting that turns its scores into a selection (its default threshold and aggregation, calibrated floors, focus weight, similarity, search-query reranker; the response's `threshold` and `aggregation` are the ones this request used), in API 1.x's flat layout: the settings of every stage side by side, a similarity one prefixed (`weight` → `similarityWeight`) and none sent without `similarityWeight`. With `include.tokens` a client re-selects exactly as the server does from it (lib/model/flat-profile.ts fromFlatProfile, then lib/engine/select-with-profile.ts).",
  ),
  fallbackFloor: deprecatedCopy(z.number(), "`profile.fallbackFloor`"),
  floor: deprecatedCopy(z.number(), "`profile.floor`"),
  query: deprecatedCopy(z.string(), "the request's `query` (echoed for models with a focus weight, similarity weight or search-query reranker)"),
  focusWeight: deprecatedCopy(z.number(), "`profile.focusWeight`"),
  budget: z.int(),
  aggregation: z.enum(AGGREGATIONS),
  reason: z.string().optional().describe("Why the selection is not the plain threshold+budget outcome (fallback unit kept, or nothing relevant)."),
  offsets: z.literal("utf16-canonical").describe("How span/unit/block offsets are measured."),
  fidelity: fidelitySchema.optional(),
  llm: llmInfoSchema.optional(),
  timings: z.object({
    prepareMs: z.number().describe("HTML/text → canonical text, sentences, downstream token counts."),
    scoreMs: z.number().describe("Scoring the units; for llm-extract and hybrid the LLM's latency (cached replies cost nothing)."),
    tokenizeMs: z
      .number()
      .optional()
      .describe("Model methods: the parts of scoreMs (model tokenizer + features + windows; waiting behind other requests; running)."),
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
