// Requests and responses of the per-pair annotation API (app/api/v1/pairs/[id]/{scores,annotation,suggestions,
// history}). Client-safe: zod and types only. Span shapes reuse lib/server/db/annotations/schemas.ts (pure).
import { z } from "zod";
import { spanListSchema, zId } from "../server/db/annotations/schemas";
import { zSpanCategory, zSuggestionSource } from "../server/db/enums";
import type { StoredSpan } from "../server/db/annotations/schemas";
import type { StoredSuggestion } from "../server/db/annotations/suggestion-rows";
import type { AnnotationStatus, PairStatus } from "../server/db/enums";
import type { Block } from "../text/types";
import type { CompressResponse, CompressResultOut } from "./compress";

/** POST /api/v1/pairs/{id}/scores: "model" (default model), "model:<name>", a model name, "bm25" or "lead". */
export const scorePairRequestSchema = z.strictObject({
  model: z.string().trim().min(1).max(200).optional(),
});

/** PUT /api/v1/pairs/{id}/annotation: the complete list of my spans and the version it was edited from. */
export const saveAnnotationRequestSchema = z.strictObject({
  version: z.number().int().nonnegative(),
  spans: spanListSchema,
});
export type SaveAnnotationRequest = z.infer<typeof saveAnnotationRequestSchema>;

/** POST /api/v1/pairs/{id}/annotation/submit. */
export const submitAnnotationRequestSchema = z.strictObject({
  version: z.number().int().nonnegative().optional(),
  comment: z.string().max(10_000).nullable().optional(),
});

/** GET /api/v1/pairs/{id}/suggestions?source=judge|model. */
export const listSuggestionsQuerySchema = z.strictObject({
  source: zSuggestionSource.optional(),
  documentId: zId.optional(),
});

/** POST /api/v1/pairs/{id}/suggestions/accept. */
export const acceptSuggestionsRequestSchema = z.strictObject({
  ids: z.array(zId).min(1).max(5_000),
  version: z.number().int().nonnegative(),
  category: zSpanCategory.optional(),
});

/** GET /api/v1/pairs/{id}/history?scope=mine|all&limit&cursor. */
export const spanHistoryQuerySchema = z.strictObject({
  scope: z.enum(["mine", "all"]).default("mine"),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: zId.optional(),
});

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

export type WorkspaceDocument = {
  id: string;
  position: number;
  title: string | null;
  url: string | null;
  /** Canonical text and blocks as stored: every span offset points into `text`. */
  text: string;
  blocks: Block[];
  /** Original HTML (shown in a sandboxed iframe), null for text documents. */
  rawHtml: string | null;
};

export type WorkspaceModel = { name: string; default: boolean; threshold: number; aggregation: "mean" | "max"; description: string };

/** Everything /pairs/[id] renders on the server (scores are fetched by the client). */
export type PairWorkspaceData = {
  pair: {
    id: string;
    dataset: string;
    status: PairStatus;
    version: number;
    reviewComment: string | null;
    query: { text: string; intents: string[] | null };
    documents: WorkspaceDocument[];
  };
  /** My annotation; null before my first save. */
  annotation: {
    id: string;
    status: AnnotationStatus;
    version: number;
    comment: string | null;
    reviewComment: string | null;
    spans: StoredSpan[];
  } | null;
  gold: StoredSpan[];
  suggestions: StoredSuggestion[];
  models: WorkspaceModel[];
};
