// The research views' data (/research/frontier, /research/categories) and their JSON/CSV routes. Client-safe.
import { z } from "zod";
import type { BreakdownCategory, CategorySource, CategoryShareRow } from "../eval/category-breakdown";
import type { EvalRow } from "../eval/types";
import { PRESET_NAMES } from "../engine/methods";
import { zId } from "./ids";
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

export type FrontierMethodInfo = {
  /** As the report's rows name it: "model:<name>", "bm25", "lead", "embedding". */
  method: string;
  label: string;
  kind: "model" | "baseline" | "llm";
  /** The model's calibrated default threshold (models only). */
  defaultThreshold?: number;
  /** Why the method has no points (it failed, e.g. a judge server that is down). */
  error?: string;
};

/** A sweep's result: the same rows `snippet-lab eval --json` writes, plus what the chart marks. */
export type FrontierResult = {
  datasetId: string;
  datasetName: string;
  /** Gold pairs evaluated (pairs with live gold spans). */
  pairs: number;
  /** Pairs left out (no model scores and scoring failed), with why. */
  skipped: { pairId: string; reason: string }[];
  thresholds: number[];
  budgets: number[];
  methods: FrontierMethodInfo[];
  /** The low/medium/high budgets (downstream tokens per query). */
  presets: Record<(typeof PRESET_NAMES)[number], number>;
  /** Whether any pair has gold answers (answer kept), and the categories gold spans use. */
  hasAnswers: boolean;
  categories: string[];
  /** EvalRow per method and setting: exactly the CLI's report rows. */
  rows: EvalRow[];
  /**
   * 95 % bootstrap intervals over pairs of each point (`intervalKey(method, setting)` → measure → {lo, hi}; measures:
   * the frontier's, tokensPerQuery and `category:<c>`). Absent in sweeps stored before intervals were added.
   */
  intervals?: Record<string, Record<string, { lo: number; hi: number }>>;
  finishedAt: string;
  /** similarityMs: the models' unit similarities read or computed (absent in sweeps stored before it was measured). */
  timings: { scoreMs: number; similarityMs?: number; sweepMs: number };
};

/** GET /api/v1/research/frontier → 200. */
export type FrontierResponse = { jobId: string; result: FrontierResult } | { jobId: null; result: null };

/** One pair behind a frontier point. */
export type FrontierPairRow = {
  pairId: string;
  query: string;
  evidenceTotal: number;
  evidenceKept: number;
  /** evidenceTotal − evidenceKept. */
  evidenceLost: number;
  tokensIn: number;
  tokensOut: number;
  answerKept: boolean | null;
};

export type FrontierPairsResponse = {
  datasetId: string;
  method: string;
  setting: { kind: "threshold" | "budget"; value: number };
  pairs: FrontierPairRow[];
  /** Gold pairs without cached scores of the method (run a sweep or score them first). */
  unscored: number;
};

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

export type CategoryBreakdownPart = { pairs: number; totalIn: number; totalOut: number; rows: CategoryShareRow[] };

export type CategoryBreakdown = {
  filters: Omit<CategoriesQuery, "format">;
  /** The method and setting the snippets were made with. */
  method: string;
  setting: { kind: "preset"; preset: string; budget: number; threshold: number } | { kind: "threshold"; threshold: number };
  /** The model whose category predictions label pairs without gold or judge spans (null: none has a category head). */
  categoryModel: string | null;
  pairs: number;
  /** Pairs the method could not compress (no cached model scores): left out. */
  unscored: number;
  /**
   * Pairs whose model similarities a unit-scores job is still computing (a page's first request on new pairs): left
   * out until ready. Absent when every pair is counted.
   */
  pending?: number;
  /** Every pair, whatever its categories' source. */
  all: CategoryBreakdownPart;
  /** The same per source: which number comes from gold, judge or model labels. */
  bySource: Record<CategorySource | "none", CategoryBreakdownPart>;
  timings: { loadMs: number; computeMs: number };
};

/** One pair behind a bar, for the side-by-side view. */
export type CategoryPairView = {
  pairId: string;
  query: string;
  source: CategorySource | "none";
  tokensIn: number;
  tokensOut: number;
  documents: {
    documentId: string;
    title: string | null;
    text: string;
    categories: { start: number; end: number; category: string }[];
    kept: { start: number; end: number }[];
  }[];
};

export type CategoryPairsResponse = { category: BreakdownCategory; pairs: CategoryPairView[] };
