// The research views' data (/research/frontier, /research/categories) and their JSON/CSV routes. Client-safe.
import { z } from "zod";
import type { CategoryShareRow, EvalRow } from "./eval-rows";
import { PRESET_NAMES } from "../engine/methods";
import { zId, zTimestamp } from "./ids";
import { zMethodName } from "./jobs";

export const zDataFormat = z.enum(["json", "csv"]).default("json").describe("json (default) or csv.");

/** GET /api/v1/research/frontier. */
export const frontierQuerySchema = z.strictObject({
  datasetId: zId.describe("The dataset whose latest finished sweep to return."),
  jobId: zId.optional().describe("A given sweep job instead of the latest."),
  format: zDataFormat,
});

/** GET /api/v1/research/frontier/pairs: the pairs behind one point, evidence lost first. */
export const frontierPairsQuerySchema = z
  .strictObject({
    datasetId: zId,
    method: zMethodName,
    threshold: z.coerce.number().min(0).max(1).optional().describe("The point's threshold (unlimited budget)."),
    budget: z.coerce.number().int().min(1).max(1_000_000).optional().describe("The point's budget (threshold 0)."),
    format: zDataFormat,
  })
  .refine((q) => (q.threshold === undefined) !== (q.budget === undefined), { message: "give a threshold or a budget", path: ["threshold"] });

export const frontierMethodInfoSchema = z.strictObject({
  method: z.string().describe('As the report\'s rows name it: "model:<name>", "bm25", "lead", "embedding".'),
  label: z.string(),
  kind: z.enum(["model", "baseline", "llm"]),
  defaultThreshold: z.number().optional().describe("The model's calibrated default threshold (models only)."),
  error: z.string().optional().describe("Why the method has no points (it failed, e.g. a judge server that is down)."),
});
export type FrontierMethodInfo = z.output<typeof frontierMethodInfoSchema>;

/** One method at one setting: `snippet-lab eval --json`'s report row (lib/eval/types.ts EvalRow). */
export const evalRowSchema = z.strictObject({
  method: z.string(),
  ratio: z.number().optional().describe("budget = ratio × the query's tokensIn, threshold 0."),
  budget: z.number().optional().describe("Absolute budget per query (whole result set), threshold 0."),
  threshold: z.number().optional().describe("Threshold with an unlimited budget."),
  evidenceRecall: z.number().describe("Mean over queries (with evidence) of the share of gold evidence spans kept (≥ 90 % of their characters)."),
  allEvidenceKept: z.number().describe("Share of queries (with evidence) whose evidence spans were all kept."),
  answerKept: z.number().nullable().describe("Share of queries with gold answers whose kept text contains one; null when none have answers."),
  tokensPerQuery: z.number().describe("Mean downstream tokens kept per query."),
  compressionRatio: z.number().describe("Mean over queries of tokensOut / tokensIn (lower = more compression)."),
  evidenceCharRecall: z.number(),
  keptPrecision: z.number(),
  unanswerable: z.strictObject({ queries: z.int(), keptNothing: z.int(), tokensPerQuery: z.number() }).optional(),
  categories: z.record(z.string(), z.strictObject({ chars: z.number(), keptShare: z.number(), modelAgreement: z.number().optional() })).optional(),
  fidelity: z
    .strictObject({ checked: z.int(), violations: z.int(), queriesWithViolations: z.number(), byKind: z.record(z.string(), z.int()) })
    .optional(),
}) satisfies z.ZodType<EvalRow>;

/** A sweep's result: the same rows `snippet-lab eval --json` writes, plus what the chart marks. */
export const frontierResultSchema = z.strictObject({
  datasetId: zId,
  datasetName: z.string(),
  pairs: z.int().describe("Gold pairs evaluated (pairs with live gold spans)."),
  skipped: z.array(z.strictObject({ pairId: zId, reason: z.string() })).describe("Pairs left out (no model scores and scoring failed), with why."),
  thresholds: z.array(z.number()),
  budgets: z.array(z.number()),
  methods: z.array(frontierMethodInfoSchema),
  presets: z.record(z.enum(PRESET_NAMES), z.number()).describe("The low/medium/high budgets (downstream tokens per query)."),
  hasAnswers: z.boolean().describe("Whether any pair has gold answers (answer kept)."),
  categories: z.array(z.string()).describe("The categories gold spans use."),
  rows: z.array(evalRowSchema).describe("One row per method and setting: exactly the CLI's report rows."),
  intervals: z
    .record(z.string(), z.record(z.string(), z.strictObject({ lo: z.number(), hi: z.number() })))
    .optional()
    .describe(
      "95 % bootstrap intervals over pairs of each point (`intervalKey(method, setting)` → measure → {lo, hi}). Absent in sweeps stored before intervals were added.",
    ),
  finishedAt: zTimestamp,
  timings: z
    .strictObject({ scoreMs: z.number(), similarityMs: z.number().optional(), sweepMs: z.number() })
    .describe("similarityMs: the models' unit similarities read or computed (absent in sweeps stored before it was measured)."),
});
export type FrontierResult = z.output<typeof frontierResultSchema>;

/** GET /api/v1/research/frontier (JSON): the latest finished sweep, or nulls before the first. */
export const frontierResponseSchema = z.union([
  z.strictObject({ jobId: zId, result: frontierResultSchema }),
  z.strictObject({ jobId: z.null(), result: z.null() }),
]);
export type FrontierResponse = z.output<typeof frontierResponseSchema>;

/** One pair behind a frontier point. */
export const frontierPairRowSchema = z.strictObject({
  pairId: zId,
  query: z.string(),
  evidenceTotal: z.int(),
  evidenceKept: z.int(),
  evidenceLost: z.int().describe("evidenceTotal − evidenceKept."),
  tokensIn: z.number(),
  tokensOut: z.number(),
  answerKept: z.boolean().nullable(),
});
export type FrontierPairRow = z.output<typeof frontierPairRowSchema>;

/** GET /api/v1/research/frontier/pairs (JSON). */
export const frontierPairsResponseSchema = z.strictObject({
  datasetId: zId,
  method: z.string(),
  setting: z.strictObject({ kind: z.enum(["threshold", "budget"]), value: z.number() }),
  pairs: z.array(frontierPairRowSchema),
  unscored: z.int().describe("Gold pairs without cached scores of the method (run a sweep or score them first)."),
});
export type FrontierPairsResponse = z.output<typeof frontierPairsResponseSchema>;

const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD")
  // A day that exists: "2026-13-45" matches the pattern but is no date (the database query would fail on it).
  .refine((s) => {
    const day = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s;
  }, "not a calendar date")
  .optional();

/** GET /api/v1/research/categories (and the page's filters). */
export const categoriesQuerySchema = z.strictObject({
  datasetId: zId.optional().describe("One dataset (default: every dataset)."),
  domain: z.string().trim().toLowerCase().max(253).optional().describe("Only pairs with a document from this host (or a subdomain of it)."),
  from: zDate.describe("Pairs created on or after this day (UTC)."),
  to: zDate.describe("Pairs created on or before this day (UTC)."),
  method: zMethodName.optional().describe('The compressing method: "model:<name>" (default: the default model), "bm25", "lead", "embedding".'),
  preset: z.enum(PRESET_NAMES).optional().describe("Budget preset at the method's default threshold (default medium)."),
  threshold: z.coerce.number().min(0).max(1).optional().describe("A threshold with an unlimited budget, instead of a preset."),
  format: zDataFormat,
});
export type CategoriesQuery = z.infer<typeof categoriesQuerySchema>;

/** GET /api/v1/research/categories/pairs: the pairs behind one bar. */
export const categoryPairsQuerySchema = categoriesQuerySchema.omit({ format: true }).extend({
  category: z.enum(["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate", "unlabelled"]),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const zBreakdownCategory = z.enum(["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate", "unlabelled"]);
const zCategorySource = z.enum(["gold", "judge", "model", "none"]);

const categoryShareRowSchema = z.strictObject({
  category: zBreakdownCategory,
  tokensIn: z.number(),
  tokensOut: z.number(),
  shareIn: z.number(),
  shareOut: z.number(),
  change: z.number().nullable().describe("shareOut / shareIn − 1; null without tokens in or out."),
}) satisfies z.ZodType<CategoryShareRow>;

const categoryBreakdownPartSchema = z.strictObject({
  pairs: z.int(),
  totalIn: z.number(),
  totalOut: z.number(),
  rows: z.array(categoryShareRowSchema),
});
export type CategoryBreakdownPart = z.output<typeof categoryBreakdownPartSchema>;

/** GET /api/v1/research/categories (JSON). */
export const categoryBreakdownSchema = z.strictObject({
  filters: z.strictObject({
    datasetId: zId.optional(),
    domain: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    method: z.string().optional(),
    preset: z.enum(PRESET_NAMES).optional(),
    threshold: z.number().optional(),
  }),
  method: z.string().describe("The method the snippets were made with."),
  setting: z.union([
    z.strictObject({ kind: z.literal("preset"), preset: z.string(), budget: z.number(), threshold: z.number() }),
    z.strictObject({ kind: z.literal("threshold"), threshold: z.number() }),
  ]),
  categoryModel: z
    .string()
    .nullable()
    .describe("The model whose category predictions label pairs without gold or judge spans (null: none has a category head)."),
  pairs: z.int(),
  unscored: z.int().describe("Pairs the method could not compress (no cached model scores): left out."),
  pending: z
    .int()
    .optional()
    .describe("Pairs whose model similarities a unit-scores job is still computing: left out until ready. Absent when every pair is counted."),
  all: categoryBreakdownPartSchema.describe("Every pair, whatever its categories' source."),
  bySource: z
    .record(zCategorySource, categoryBreakdownPartSchema)
    .describe("The same per source: which number comes from gold, judge or model labels."),
  timings: z.strictObject({ loadMs: z.number(), computeMs: z.number() }),
});
export type CategoryBreakdown = z.output<typeof categoryBreakdownSchema>;

/** One pair behind a bar, for the side-by-side view. */
export const categoryPairViewSchema = z.strictObject({
  pairId: zId,
  query: z.string(),
  source: zCategorySource,
  tokensIn: z.number(),
  tokensOut: z.number(),
  documents: z.array(
    z.strictObject({
      documentId: zId,
      title: z.string().nullable(),
      text: z.string(),
      categories: z.array(z.strictObject({ start: z.int(), end: z.int(), category: z.string() })),
      kept: z.array(z.strictObject({ start: z.int(), end: z.int() })),
    }),
  ),
});
export type CategoryPairView = z.output<typeof categoryPairViewSchema>;

/** GET /api/v1/research/categories/pairs. */
export const categoryPairsResponseSchema = z.strictObject({ category: zBreakdownCategory, pairs: z.array(categoryPairViewSchema) });
export type CategoryPairsResponse = z.output<typeof categoryPairsResponseSchema>;
