// Background jobs (/api/v1/jobs): the kinds, each kind's payload, and a job as the API returns it. Client-safe (zod and
// types only). One runner runs every kind (lib/server/jobs): scoring pairs, threshold sweeps, LLM-judge runs and model
// evaluations — a new kind adds its payload schema here and its handler in lib/server/jobs/kinds.
import { z } from "zod";
import { JUDGE_VARIANTS } from "../judge/types";
import { zId, zTimestamp } from "./ids";

/** A token model or baseline as requests name it: "model" (default model), "model:<name>", "bm25", "lead" or "embedding". */
export const zMethodName = z.string().trim().min(1).max(200);

export const JOB_KINDS = ["score-pairs", "frontier-sweep", "judge-run", "model-eval", "unit-scores"] as const;
export const zJobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof zJobKind>;

export const JOB_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;
export const zJobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof zJobState>;
/** States a job can still make progress in. */
export const LIVE_JOB_STATES: readonly JobState[] = ["queued", "running"];

/** score-pairs: every pair without model scores of a dataset (all datasets when omitted). */
export const scorePairsPayloadSchema = z.strictObject({
  datasetId: zId.optional().describe("Dataset whose unscored pairs to score; every dataset when omitted."),
  model: zMethodName.optional().describe("Model to score with (default: the default model)."),
  workers: z
    .int()
    .min(1)
    .max(16)
    .optional()
    .describe("Jobs sharing the pairs, each scoring its own part (worker processes on PostgreSQL); default 1."),
  part: z.int().min(0).max(15).optional().describe("Set by the server: which of the start's jobs this is (of `workers`)."),
});
export type ScorePairsPayload = z.infer<typeof scorePairsPayloadSchema>;

/**
 * unit-scores: a model's unit scores of a dataset's scored pairs with everything it blends — its sentence encoder's
 * similarity, the one stage that costs — computed once and stored (UnitSimilarity, ModelRunUnits), so the research
 * views read them: the first-time work of a category breakdown or sweep, done in the background with progress.
 */
export const unitScoresPayloadSchema = z.strictObject({
  datasetId: zId.optional().describe("Dataset whose pairs to compute; every dataset when omitted."),
  model: zMethodName.optional().describe("Model whose unit scores to compute (default: the default model)."),
  workers: z
    .int()
    .min(1)
    .max(16)
    .optional()
    .describe("Jobs sharing the pairs, each computing its own part (worker processes on PostgreSQL); default 1."),
  part: z.int().min(0).max(15).optional().describe("Set by the server: which of the start's jobs this is (of `workers`)."),
});
export type UnitScoresPayload = z.infer<typeof unitScoresPayloadSchema>;

/** The scope of a unit-scores job: one live job per dataset (or all datasets) and model, and per part. */
export function unitScoresScope(p: Pick<UnitScoresPayload, "datasetId" | "model" | "part">): string {
  const scope = `${p.datasetId ? `dataset:${p.datasetId}` : "all"}:${p.model ?? "model"}`;
  return p.part ? `${scope}:part:${p.part}` : scope;
}

/** Thresholds of a sweep when none are given: 0, 0.05, …, 1 (21 points). */
export const DEFAULT_SWEEP_THRESHOLDS: readonly number[] = Array.from({ length: 21 }, (_, i) => Math.round(i * 5) / 100);
/** Budgets (downstream tokens per query) of a sweep when none are given; the presets are among them. */
export const DEFAULT_SWEEP_BUDGETS: readonly number[] = [100, 250, 500, 1_000, 2_000, 4_000, 10_000];

/** frontier-sweep: every method over the dataset's gold pairs, at each threshold (no budget) and each budget (threshold 0). */
export const frontierSweepPayloadSchema = z.strictObject({
  datasetId: zId.describe("Dataset with gold spans (adjudicated, or evidence imported as gold)."),
  methods: z
    .array(zMethodName)
    .min(1)
    .max(8)
    .refine((m) => new Set(m).size === m.length, "methods must be distinct")
    .describe('Methods: "model:<name>", "bm25", "lead", "embedding".'),
  thresholds: z
    .array(z.number().min(0).max(1))
    .max(101)
    .optional()
    .describe("Thresholds, each with an unlimited budget (default 0, 0.05, …, 1; each model's default threshold is added)."),
  budgets: z
    .array(z.number().int().min(1).max(1_000_000))
    .max(50)
    .optional()
    .describe("Budgets in downstream tokens per query, each at threshold 0 (default 100 … 10,000, the presets included)."),
});
export type FrontierSweepPayload = z.infer<typeof frontierSweepPayloadSchema>;

/**
 * model-eval: one installed model evaluated on a dataset's gold pairs (the sweep of frontier-sweep, this model only),
 * for a model that ships without an evaluation report: the models page shows the latest one of each model.
 */
export const modelEvalPayloadSchema = z.strictObject({
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/, "a model's folder name under models/")
    .describe("The model's name (its folder under models/)."),
  datasetId: zId.describe("Dataset with gold spans to evaluate it on."),
});
export type ModelEvalPayload = z.infer<typeof modelEvalPayloadSchema>;

/** The scope of a model-eval job: one live evaluation per model. */
export function modelEvalScope(p: Pick<ModelEvalPayload, "model">): string {
  return `model:${p.model}`;
}

/**
 * judge-run: the LLM judge over a dataset's pairs (docs/judge.md#runs-at-scale). Starting one creates a JudgeRun with a
 * row per pair and `workers` jobs that claim pairs one at a time (on PostgreSQL, pg-boss hands them to different
 * worker processes), committing each pair's judgment as soon as it is done.
 */
export const judgeRunPayloadSchema = z.strictObject({
  datasetId: zId.describe("Dataset whose pairs to judge (in creation order)."),
  variant: z.enum(JUDGE_VARIANTS).default("two-stage").describe("two-stage (intents, then spans per intent) or one-stage (spans only)."),
  model: z.string().trim().min(1).max(200).optional().describe("Judge model id on the configured server (default SNIPPET_LAB_JUDGE_MODEL)."),
  limit: z.int().min(1).max(10_000_000).optional().describe("At most this many pairs."),
  pairIds: z.array(zId).min(1).max(10_000).optional().describe("Only these pairs of the dataset."),
  refreshIntents: z.boolean().optional().describe("Run stage 1 again even when a query already has intents."),
  skipJudged: z.boolean().optional().describe("Leave out pairs that already have a judgment of this model, prompt version and variant."),
  workers: z.int().min(1).max(16).default(1).describe("Jobs sharing the run's pairs (worker processes on PostgreSQL)."),
  runId: zId.optional().describe("Set by the server: the JudgeRun these jobs work on."),
  worker: z.int().min(0).max(15).optional().describe("Set by the server: which of the run's jobs this is."),
});
export type JudgeRunPayload = z.infer<typeof judgeRunPayloadSchema>;

/** POST /api/v1/jobs. */
export const startJobRequestSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("score-pairs"), payload: scorePairsPayloadSchema.omit({ part: true }).default({}) }),
  z.strictObject({ kind: z.literal("frontier-sweep"), payload: frontierSweepPayloadSchema }),
  z.strictObject({ kind: z.literal("judge-run"), payload: judgeRunPayloadSchema.omit({ runId: true, worker: true }) }),
  z.strictObject({ kind: z.literal("model-eval"), payload: modelEvalPayloadSchema }),
  z.strictObject({ kind: z.literal("unit-scores"), payload: unitScoresPayloadSchema.omit({ part: true }).default({}) }),
]);
export type StartJobRequest = z.infer<typeof startJobRequestSchema>;

/** GET /api/v1/jobs. */
export const listJobsQuerySchema = z.strictObject({
  kind: zJobKind.optional(),
  scope: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe(
      '"dataset:<id>" or "all" (score-pairs), "dataset:<id>" (sweeps), "judge-run:<runId>:<worker>" (judge runs), "model:<name>" (model-eval), "dataset:<id>:<model>" or "all:<model>" (unit-scores).',
    ),
  state: zJobState.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const jobFailureSchema = z.strictObject({ item: z.string(), message: z.string() });
export type JobFailure = z.output<typeof jobFailureSchema>;

/** A job as the API returns it (GET /api/v1/jobs/{id} and every job route). */
export const jobSchema = z.strictObject({
  id: zId,
  kind: zJobKind,
  scope: z.string().nullable().describe("One live job of a kind per scope (e.g. `dataset:<id>`)."),
  payload: z.unknown().describe("The kind's payload, as started (plus what the server set: `runId`, `part`…)."),
  state: zJobState,
  total: z.int().describe("Items to process (0 while unknown)."),
  done: z.int().describe("Items processed so far, failed ones included."),
  failed: z.int(),
  failures: z.array(jobFailureSchema).describe("The first failures."),
  error: z.string().nullable().describe("Why the job as a whole failed."),
  cancelRequested: z.boolean(),
  attempts: z.int().describe("Runs so far: more than one when the job was resumed."),
  createdById: zId.nullable(),
  createdAt: zTimestamp,
  startedAt: zTimestamp.nullable(),
  finishedAt: zTimestamp.nullable(),
  updatedAt: zTimestamp,
  hasResult: z.boolean().describe("A finished job with a result (a sweep's frontier)."),
});
export type JobOut = z.output<typeof jobSchema>;

/** GET /api/v1/jobs/{id}, POST …/cancel and …/resume. */
export const jobResponseSchema = z.strictObject({ job: jobSchema });

/** GET /api/v1/jobs: newest first. */
export const jobsResponseSchema = z.strictObject({ jobs: z.array(jobSchema) });

/** POST /api/v1/jobs. */
export const startJobResponseSchema = z.strictObject({
  job: jobSchema,
  started: z.boolean().describe("False: a job of that kind and scope was already queued or running, and `job` is that one."),
  jobs: z.array(jobSchema).describe("Every job of the start (a judge run's workers; `job` is the first)."),
});

/** The scope of a score-pairs job: one live job per dataset (or for all datasets). */
export function scorePairsScope(p: Pick<ScorePairsPayload, "datasetId" | "part">): string {
  const scope = p.datasetId ? `dataset:${p.datasetId}` : "all";
  // The first part keeps the plain scope: the page finds a dataset's scoring job by it, and a second start returns it.
  return p.part ? `${scope}:part:${p.part}` : scope;
}
