// Requests and responses of the per-pair annotation API (app/api/v1/pairs/[id]/{annotation,suggestions,history}) and
// the workspace page's data. Client-safe: zod and types only.
import { z } from "zod";
import { zSpanCategory, zSuggestionSource, type AnnotationStatus, type PairStatus } from "./enums";
import { zId } from "./ids";
import { spanListSchema, type StoredSpan } from "./spans";
import type { StoredSuggestion } from "./suggestions";
import type { Aggregation } from "../engine/methods";
import type { Block } from "../text/types";

/** PUT /api/v1/pairs/{id}/annotation: the complete list of my spans and the version it was edited from. */
export const saveAnnotationRequestSchema = z.strictObject({
  version: z.number().int().nonnegative(),
  spans: spanListSchema,
});

/** POST /api/v1/pairs/{id}/annotation/submit. */
export const submitAnnotationRequestSchema = z.strictObject({
  version: z.number().int().nonnegative().optional(),
  comment: z.string().max(10_000).nullable().optional(),
  /** The answer "nothing here is vital" (422 while the annotation holds a vital span). */
  noVital: z.boolean().optional(),
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

export type WorkspaceModel = { name: string; default: boolean; threshold: number; aggregation: Aggregation; description: string };

/** Everything /pairs/[id] renders on the server (scores are fetched by the client). */
export type PairWorkspaceData = {
  pair: {
    id: string;
    dataset: string;
    status: PairStatus;
    version: number;
    reviewComment: string | null;
    /** The gold decision "nothing here is vital" (gold with zero vital spans). */
    goldNoVital: boolean;
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
    /** My answer "nothing here is vital" (set by submitting it). */
    noVital: boolean;
    spans: StoredSpan[];
  } | null;
  /** Empty for a blinded user (blind annotation). */
  gold: StoredSpan[];
  /** Empty where the dataset hides predictions from a blinded user. */
  suggestions: StoredSuggestion[];
  models: WorkspaceModel[];
  /** What the server left out for this user (lib/auth/policy.ts): the workspace hides those parts and says why. */
  view: WorkspaceView;
};

/**
 * `blinded`: no gold and no other annotator's work until my annotation is submitted (isBlindedFor); `predictions`:
 * the model's and the judge's output may be shown and fetched (canSeePredictions).
 */
export type WorkspaceView = { blinded: boolean; predictions: boolean };
