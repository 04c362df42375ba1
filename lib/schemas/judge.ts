// The LLM judge at scale: run summaries, judging the judge, and their routes' queries. Client-safe (zod and types).
import { z } from "zod";
import type { PrfTable } from "../judge/evaluate-judge";
import type { MatchCounts, MatchOutcome } from "../judge/match-stats";
import { JUDGE_VARIANTS, type JudgeVariant, type MatchMethod } from "../judge/types";
import { zId } from "./ids";
import type { JobOut } from "./jobs";
import { zDataFormat } from "./research";

/** A judge run as GET /api/v1/judge/runs/{id} returns it: progress, tokens, cost, matching rates and failures. */
export type JudgeRunSummary = {
  id: string;
  datasetId: string;
  datasetName: string;
  model: string;
  baseUrl: string | null;
  promptVersion: string;
  variant: JudgeVariant;
  mode: "online" | "batch";
  options: Record<string, unknown>;
  createdAt: string;
  /** Pairs per state. */
  pairs: { total: number; pending: number; running: number; done: number; failed: number };
  tokens: { prompt: number; completion: number; total: number };
  /** USD at SNIPPET_LAB_JUDGE_PRICES; null when the model has no price. */
  costUsd: number | null;
  price: { inputPerMillion: number; outputPerMillion: number } | null;
  /** HTTP requests sent (retries and repairs included) and requests answered from the cache. */
  requests: { sent: number; cached: number };
  suggestions: number;
  /** Quotes per matching step, their shares and the cumulative share matched by each step. */
  matches: MatchCounts;
  matchShare: Record<MatchOutcome, number | null>;
  matchCumulative: Record<MatchMethod, number | null>;
  /** Failed pairs with the reason (the first 200). */
  failures: { pairId: string; reason: string }[];
  /** Quotes no step located, with the reason (the first 100): kept, never dropped silently. */
  unmatched: { pairId: string; documentId: string; text: string; category: string; reason: string }[];
  /** The run's jobs (one per worker). */
  jobs: JobOut[];
};

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

/** One judge configuration against the gold. */
export type JudgeEvalConfigResult = JudgeConfigKey & {
  key: string;
  /** Gold pairs this configuration judged (the rest are left out of its figures). */
  pairs: number;
  span: PrfTable;
  token: PrfTable;
  /** Quotes per matching step over these pairs. */
  matches: MatchCounts;
  /** The pairs where judge and gold disagree most (lowest token F1 first). */
  worstPairs: {
    pairId: string;
    query: string;
    tokenF1: number | null;
    spanF1: number | null;
    goldSpans: number;
    judgeSpans: number;
    disagreeingTokens: number;
  }[];
};

export type JudgeEvalReport = {
  datasetId: string;
  datasetName: string;
  /** Pairs with adjudicated gold. */
  goldPairs: number;
  /** Every configuration with judgments on the gold pairs (what the page offers to compare). */
  available: (JudgeConfigKey & { key: string; pairs: number })[];
  configs: JudgeEvalConfigResult[];
  /** The span-match rule and the token rule, for the reader. */
  rules: { spanIou: number; tokens: string };
};

/** POST /api/v1/judge/runs/{id}/resume. */
export const resumeJudgeRunRequestSchema = z.strictObject({
  retryFailed: z.boolean().optional().describe("Put the run's failed pairs back to pending first (their answered requests come from the cache)."),
});
