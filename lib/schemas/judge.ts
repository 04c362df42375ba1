// The LLM judge at scale: run summaries, judging the judge, and their routes' queries. Client-safe (zod and types).
import { z } from "zod";
import type { PrfTable } from "../judge/evaluate-judge";
import type { MatchCounts } from "../judge/match-stats";
import { JUDGE_VARIANTS, type JudgeVariant } from "../judge/types";
import { SPAN_CATEGORIES } from "./enums";
import { zId, zTimestamp } from "./ids";
import { jobSchema } from "./jobs";
import { zDataFormat } from "./research";
import { storedSuggestionSchema } from "./suggestions";

/** Quotes per matching step, and the ones no step located. */
export const matchCountsSchema = z.strictObject({
  exact: z.int(),
  normalized: z.int(),
  regex: z.int(),
  fuzzy: z.int(),
  unmatched: z.int(),
}) satisfies z.ZodType<MatchCounts>;

const share = z.number().nullable();

/** A judge run as GET /api/v1/judge/runs/{id} returns it: progress, tokens, cost, matching rates and failures. */
export const judgeRunSchema = z.strictObject({
  id: zId,
  datasetId: zId,
  datasetName: z.string(),
  model: z.string(),
  baseUrl: z.string().nullable(),
  promptVersion: z.string(),
  variant: z.enum(JUDGE_VARIANTS),
  mode: z.enum(["online", "batch"]),
  options: z.record(z.string(), z.unknown()),
  createdAt: zTimestamp,
  pairs: z.strictObject({ total: z.int(), pending: z.int(), running: z.int(), done: z.int(), failed: z.int() }).describe("Pairs per state."),
  tokens: z.strictObject({ prompt: z.int(), completion: z.int(), total: z.int() }),
  costUsd: z.number().nullable().describe("USD at SNIPPET_LAB_JUDGE_PRICES; null when the model has no price."),
  price: z.strictObject({ inputPerMillion: z.number(), outputPerMillion: z.number() }).nullable(),
  requests: z
    .strictObject({ sent: z.int(), cached: z.int() })
    .describe("HTTP requests sent (retries and repairs included) and answered from the cache."),
  suggestions: z.int(),
  matches: matchCountsSchema,
  matchShare: z
    .strictObject({ exact: share, normalized: share, regex: share, fuzzy: share, unmatched: share })
    .describe("The share of quotes per step."),
  matchCumulative: z
    .strictObject({ exact: share, normalized: share, regex: share, fuzzy: share })
    .describe("The share of quotes matched by each step and the ones before it."),
  failures: z.array(z.strictObject({ pairId: zId, reason: z.string() })).describe("Failed pairs with the reason (the first 200)."),
  unmatched: z
    .array(z.strictObject({ pairId: zId, documentId: zId, text: z.string(), category: z.string(), reason: z.string() }))
    .describe("Quotes no step located, with the reason (the first 100): kept, never dropped silently."),
  jobs: z.array(jobSchema).describe("The run's jobs (one per worker)."),
});
export type JudgeRunSummary = z.output<typeof judgeRunSchema>;

/** GET /api/v1/judge/runs: newest first. */
export const judgeRunsResponseSchema = z.strictObject({ runs: z.array(judgeRunSchema) });

/** GET /api/v1/judge/runs/{id}, POST …/cancel and …/resume. */
export const judgeRunResponseSchema = z.strictObject({ run: judgeRunSchema });

/** POST /api/v1/pairs/{id}/judge: the judge's suggestions on the pair after the run and what it took. */
export const runJudgeResponseSchema = z.strictObject({
  intents: z.array(z.string()).describe("The intents stage 2 used (none for the one-stage variant)."),
  suggestions: z.array(storedSuggestionSchema).describe("Every judge suggestion of this judge layer on the pair, in document order."),
  unmatched: z
    .array(z.strictObject({ documentId: zId, text: z.string(), category: z.string(), reason: z.string() }))
    .describe("Quotes no matching step located (not stored as suggestions)."),
  matches: matchCountsSchema,
  usage: z
    .strictObject({ requests: z.int(), retries: z.int(), promptTokens: z.int(), completionTokens: z.int(), cachedRequests: z.int() })
    .describe("Requests sent, retries, tokens, and requests answered from the cache."),
  promptVersion: z.string(),
});

/** GET /api/v1/judge/runs. */
export const listJudgeRunsQuerySchema = z.strictObject({
  datasetId: zId.optional().describe("Runs over this dataset (default: every dataset)."),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A judge configuration: model, prompt version and variant ("model|promptVersion|variant" in queries). */
export type JudgeConfigKey = { model: string; promptVersion: string; variant: JudgeVariant };
export const judgeConfigKeyString = (k: JudgeConfigKey) => `${k.model}|${k.promptVersion}|${k.variant}`;

export function parseJudgeConfigKey(s: string): JudgeConfigKey | null {
  const parts = s.split("|");
  if (parts.length !== 3 || !parts[0] || !parts[1] || !(JUDGE_VARIANTS as readonly string[]).includes(parts[2]!)) return null;
  return { model: parts[0], promptVersion: parts[1], variant: parts[2] as JudgeVariant };
}

export const zJudgeConfigKey = z.string().refine((s) => parseJudgeConfigKey(s) !== null, 'a judge configuration "model|promptVersion|variant"');

/** GET /api/v1/research/judge: judging the judge against the adjudicated gold. */
export const judgeEvalQuerySchema = z.strictObject({
  datasetId: zId.describe("Dataset with adjudicated gold."),
  configs: z
    .string()
    .optional()
    .describe('Comma-separated judge configurations "model|promptVersion|variant" (default: every configuration with judgments on gold pairs).'),
  format: zDataFormat,
});

const prfSchema = z.strictObject({ tp: z.int(), fp: z.int(), fn: z.int(), precision: share, recall: share, f1: share });
/** Precision, recall and F1 per category and over all. */
const prfTableSchema = z.strictObject({ all: prfSchema, ...Object.fromEntries(SPAN_CATEGORIES.map((c) => [c, prfSchema])) } as Record<
  keyof PrfTable,
  typeof prfSchema
>);

const judgeConfigShape = {
  model: z.string(),
  promptVersion: z.string(),
  variant: z.enum(JUDGE_VARIANTS),
  key: z.string().describe('"model|promptVersion|variant".'),
};

/** One judge configuration against the gold. */
const judgeEvalConfigSchema = z.strictObject({
  ...judgeConfigShape,
  pairs: z.int().describe("Gold pairs this configuration judged (the rest are left out of its figures)."),
  span: prfTableSchema,
  token: prfTableSchema,
  matches: matchCountsSchema,
  worstPairs: z
    .array(
      z.strictObject({
        pairId: zId,
        query: z.string(),
        tokenF1: share,
        spanF1: share,
        goldSpans: z.int(),
        judgeSpans: z.int(),
        disagreeingTokens: z.int(),
      }),
    )
    .describe("The pairs where judge and gold disagree most (lowest token F1 first)."),
});
export type JudgeEvalConfigResult = z.output<typeof judgeEvalConfigSchema>;

/** GET /api/v1/research/judge (JSON). */
export const judgeEvalReportSchema = z.strictObject({
  datasetId: zId,
  datasetName: z.string(),
  goldPairs: z.int().describe("Pairs with adjudicated gold."),
  available: z
    .array(z.strictObject({ ...judgeConfigShape, pairs: z.int() }))
    .describe("Every configuration with judgments on the gold pairs (what the page offers to compare)."),
  configs: z.array(judgeEvalConfigSchema),
  rules: z.strictObject({ spanIou: z.number(), tokens: z.string() }).describe("The span-match rule and the token rule, for the reader."),
});
export type JudgeEvalReport = z.output<typeof judgeEvalReportSchema>;

/** POST /api/v1/judge/runs/{id}/resume. */
export const resumeJudgeRunRequestSchema = z.strictObject({
  retryFailed: z.boolean().optional().describe("Put the run's failed pairs back to pending first (their answered requests come from the cache)."),
});
