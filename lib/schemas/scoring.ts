// Model scores of stored pairs: one pair (POST /api/v1/pairs/{id}/scores), a batch (POST /api/v1/pairs/score) and
// background jobs (/api/v1/pairs/score/jobs). Client-safe (zod and types only).
import { z } from "zod";
import type { CompressResponse, CompressResultOut } from "./compress";
import { zId } from "./ids";

/** A token model or baseline as requests name it: "model" (default model), "model:<name>", a model name, "bm25" or "lead". */
const zMethod = z.string().trim().min(1).max(200);

/** POST /api/v1/pairs/{id}/scores. An empty body means the default model. */
export const scorePairRequestSchema = z.strictObject({ model: zMethod.optional() });

/** One scored document of a pair: the inspector's result shape (canonical text, blocks, units, token scores). */
export type ScoredDocumentOut = CompressResultOut &
  Required<Pick<CompressResultOut, "text" | "blocks" | "units">> & {
    url?: string;
    /** True when the token probabilities came from the ModelRun cache. */
    cached: boolean;
  };

/** POST /api/v1/pairs/{id}/scores → 200: structurally an inspector response (selection at the default preset). */
export type PairScoresOut = Omit<CompressResponse, "results"> & {
  pairId: string;
  query: string;
  /** Bare model name for token models (ModelRun.modelName); null for the bm25/lead baselines. */
  modelName: string | null;
  /** True when no document needed the model (every probability came from the cache). */
  cached: boolean;
  results: ScoredDocumentOut[];
};

/** POST /api/v1/pairs/score. */
export const scoreRequestSchema = z
  .object({
    datasetId: zId.optional(),
    /** Pairs to score in this call (each runs the model over every document): default 10, at most 100. */
    limit: z.number().int().min(1).max(100).default(10),
    /** bm25/lead write no ModelRun. */
    model: zMethod.optional(),
  })
  .strict();

/** POST /api/v1/pairs/score/jobs: every unscored pair of a dataset (all datasets when omitted). */
export const scoreJobRequestSchema = z.strictObject({ datasetId: zId.optional(), model: zMethod.optional() });

/** GET /api/v1/pairs/score/jobs?datasetId=. */
export const scoreJobQuerySchema = z.strictObject({ datasetId: zId.optional() });

export type ScoreJobState = "running" | "done" | "failed";

/** A background scoring job as GET …/jobs/{id} returns it. */
export type ScoreJob = {
  id: string;
  /** null: every dataset. */
  datasetId: string | null;
  model: string | null;
  state: ScoreJobState;
  /** Pairs to score: the unscored pairs when the job started, plus any that became unscored meanwhile. */
  total: number;
  /** Pairs attempted so far (scored + failed). */
  done: number;
  scored: number;
  failed: number;
  /** The first failures (pair id and message). */
  failures: { pairId: string; message: string }[];
  /** A message when the job as a whole stopped on an error. */
  error: string | null;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
};
