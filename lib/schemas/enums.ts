// Allowed values of the string "enum" columns (SQLite has no enum type). Client-safe (zod only): components, pure
// modules and the data layer share them; the zod schemas validate values at the boundaries before they reach Prisma.
import { z } from "zod";
import { SPAN_CATEGORIES, type SpanCategory } from "../engine/span-categories";

/** Roles from least to most privileged (the admin forms list them in this order). */
export const ROLES = ["annotator", "reviewer", "researcher", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const zRole = z.enum(ROLES);

export const PAIR_STATUSES = ["unlabeled", "in_progress", "submitted", "accepted", "rejected"] as const;
export type PairStatus = (typeof PAIR_STATUSES)[number];
export const zPairStatus = z.enum(PAIR_STATUSES);

export const ANNOTATION_STATUSES = ["in_progress", "submitted", "accepted", "rejected"] as const;
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number];
export const zAnnotationStatus = z.enum(ANNOTATION_STATUSES);

// The engine owns the list (a model's category head predicts in its order): schemas import the engine, not the reverse.
export { SPAN_CATEGORIES, type SpanCategory };
export const zSpanCategory = z.enum(SPAN_CATEGORIES);

/** Human spans and accepted gold; model/judge output is a Suggestion, never a Span. */
export const SPAN_SOURCES = ["human", "gold"] as const;
export type SpanSource = (typeof SPAN_SOURCES)[number];
export const zSpanSource = z.enum(SPAN_SOURCES);

export const SUGGESTION_SOURCES = ["model", "judge"] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];
export const zSuggestionSource = z.enum(SUGGESTION_SOURCES);

export const SPAN_EVENT_ACTIONS = ["create", "update", "delete"] as const;
export type SpanEventAction = (typeof SPAN_EVENT_ACTIONS)[number];
export const zSpanEventAction = z.enum(SPAN_EVENT_ACTIONS);
