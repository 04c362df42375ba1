// Requests and responses of the per-pair annotation API (app/api/v1/pairs/[id]/{annotation,suggestions,history}) and
// the workspace page's data. Client-safe: zod and types only.
import { z } from "zod";
import {
  zAnnotationStatus,
  zPairStatus,
  zSpanCategory,
  zSpanEventAction,
  zSpanSource,
  zSuggestionSource,
  type AnnotationStatus,
  type PairStatus,
} from "./enums";
import { zId, zTimestamp } from "./ids";
import { spanListSchema, spanSnapshotSchema, storedSpanSchema, type StoredSpan } from "./spans";
import { storedSuggestionSchema, type StoredSuggestion } from "./suggestions";
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

/** My annotation of a pair, as GET …/annotation returns it. */
export const annotationStateSchema = z.strictObject({
  id: zId,
  pairId: zId,
  annotatorId: zId,
  status: zAnnotationStatus,
  version: z.int().nonnegative().describe("Send it back with the next save (409 when it is stale)."),
  comment: z.string().nullable(),
  submittedAt: zTimestamp.nullable(),
  noVital: z.boolean().describe('My answer "nothing here is vital" (set by submitting it).'),
  reviewerId: zId.nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: zTimestamp.nullable(),
  updatedAt: zTimestamp,
  spans: z.array(storedSpanSchema),
});

/** GET /api/v1/pairs/{id}/annotation. */
export const getAnnotationResponseSchema = z.strictObject({
  annotation: annotationStateSchema.nullable().describe("Null before my first save."),
});

/** What a save of a span list did: the stored spans, the new version, and the ids it created, changed and removed. */
export const spanSaveShape = {
  version: z.int().nonnegative(),
  spans: z.array(storedSpanSchema),
  idMap: z.record(z.string(), zId).describe("Client id → the server id of each span this save created."),
  created: z.array(zId),
  updated: z.array(zId),
  deleted: z.array(zId),
};

/** PUT /api/v1/pairs/{id}/annotation. */
export const saveAnnotationResponseSchema = z.strictObject({
  annotationId: zId,
  status: zAnnotationStatus,
  pairStatus: zPairStatus,
  ...spanSaveShape,
});

/** POST /api/v1/pairs/{id}/suggestions/accept: the save, plus which suggestions became which spans. */
export const acceptSuggestionsResponseSchema = saveAnnotationResponseSchema.extend({
  accepted: z.record(zId, zId).describe("Suggestion id → the span id it became."),
  skipped: z.array(zId).describe("Suggestions already in the annotation."),
});

/** POST …/annotation/submit and POST /api/v1/annotations/{id}/review: an annotation's new status. */
export const annotationTransitionSchema = z.strictObject({
  annotationId: zId,
  status: zAnnotationStatus,
  version: z.int().nonnegative(),
  pairStatus: zPairStatus,
  noVital: z.boolean().optional().describe('A submit: the answer "nothing here is vital".'),
});

/** GET /api/v1/pairs/{id}/history. */
export const spanHistoryResponseSchema = z.strictObject({
  events: z.array(
    z.strictObject({
      id: zId,
      spanId: zId,
      action: zSpanEventAction,
      actor: z.strictObject({ id: zId, name: z.string() }).nullable(),
      before: spanSnapshotSchema.nullable().describe("Null for a create."),
      after: spanSnapshotSchema.nullable().describe("Null for a delete."),
      createdAt: zTimestamp,
      span: z.strictObject({ documentId: zId, annotationId: zId.nullable(), source: zSpanSource }),
    }),
  ),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last."),
});

/** GET /api/v1/pairs/{id}/suggestions: in document order. */
export const suggestionsResponseSchema = z.strictObject({ suggestions: z.array(storedSuggestionSchema) });

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
