import { z } from "zod";
import { zGoldAuditKind } from "../../schemas/audit";
import { zSpanCategory } from "../categories";
import { zSpanLayerSource } from "../schemas";
import type { Block, BlockKind, BlockRole } from "../../text/types";

/** One line of the gold JSONL (one pair × document), ready for training: see docs/spans.md. */
export const goldSpanSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().positive(),
  text: z.string().min(1),
  category: zSpanCategory,
  source: zSpanLayerSource,
  author: z.string().min(1).optional(),
  score: z.number().finite().optional(),
});

// Every kind and role of lib/text's Block, no more and no fewer (a mapped type: one added there fails to compile here).
const BLOCK_KINDS: { [K in BlockKind]: K } = {
  heading: "heading",
  paragraph: "paragraph",
  "list-item": "list-item",
  "table-row": "table-row",
  code: "code",
  quote: "quote",
};
const BLOCK_ROLES: { [R in BlockRole]: R } = {
  main: "main",
  navigation: "navigation",
  header: "header",
  footer: "footer",
  aside: "aside",
  form: "form",
  comment: "comment",
};

/** One canonical block (lib/text Block) of a record's text; where it lies is checked against the text (findBlockProblems). */
export const goldBlockSchema = z.object({
  start: z.int().nonnegative(),
  end: z.int().nonnegative(),
  kind: z.enum(BLOCK_KINDS),
  role: z.enum(BLOCK_ROLES),
  /** Headings only: 1–6. */
  level: z.int().min(1).max(6).optional(),
  linkDensity: z.number().min(0).max(1).optional(),
  /** Where a unit starts inside the block (a run-in heading ends there): without it a re-import glues them. */
  breaks: z.array(z.int().nonnegative()).optional(),
}) satisfies z.ZodType<Block>;

/** A gold span as an audit entry of a record shows it (the record's document only). */
const goldAuditRecordSpanSchema = z.object({
  start: z.int().nonnegative(),
  end: z.int().nonnegative(),
  text: z.string(),
  category: zSpanCategory,
  exact: z.literal(true).optional(),
});
const goldAuditRecordStateSchema = z.object({ noVital: z.boolean(), spans: z.array(goldAuditRecordSpanSchema) });

/** One change of the pair's gold (GoldAuditEvent), in an export with `audit=1`: see docs/data-formats.md. */
export const goldAuditRecordSchema = z.object({
  /** ISO 8601, UTC. */
  at: z.string(),
  kind: zGoldAuditKind,
  /** The email of who made it; null for the system (an import, a repair, the demo seed). */
  actor: z.string().nullable(),
  before: goldAuditRecordStateSchema,
  after: goldAuditRecordStateSchema,
});

export const goldJsonlRecordSchema = z.object({
  pairId: z.string().min(1),
  query: z.string(),
  documentId: z.string().min(1),
  url: z.string().optional(),
  title: z.string().optional(),
  externalId: z.string().min(1).optional(),
  text: z.string(),
  /**
   * Canonical blocks (lib/text Block) of `text`: the page structure (roles, kinds, heading levels, link density, run-in
   * breaks) that training, evaluation and the workspace read; an import stores them (checked by findBlockProblems)
   * instead of re-deriving plain main paragraphs. Optional: older exports lack it.
   */
  blocks: z.array(goldBlockSchema).optional(),
  spans: z.array(goldSpanSchema),
  /**
   * The pair's gold says nothing in its documents is vital (an unanswerable query): present, and true, only then. A
   * record of a pair with gold and no vital span is unanswerable either way; the flag makes the decision survive a
   * re-import (a record without spans would otherwise read as unlabeled).
   */
  noVital: z.literal(true).optional(),
  /**
   * The pair's gold history, oldest first (an export with `audit=1` only): every change, its spans limited to this
   * record's document. An import reads past it (the importing database starts its own history).
   */
  audit: z.array(goldAuditRecordSchema).optional(),
  tokens: z.object({
    ids: z.array(z.number().int().nonnegative()).optional(),
    starts: z.array(z.number().int().nonnegative()),
    ends: z.array(z.number().int().positive()),
    keep: z.array(z.union([z.literal(0), z.literal(1)])),
    /**
     * One category per token (exports of judge labels, `format=judge-jsonl`): the highest-precedence category of the
     * spans covering it, off_topic where none does (lib/spans/formats/export-judge-labels.ts).
     */
    categories: z.array(zSpanCategory).optional(),
  }),
});

export type GoldSpan = z.infer<typeof goldSpanSchema>;
export type GoldAuditRecord = z.infer<typeof goldAuditRecordSchema>;
export type GoldJsonlRecord = z.infer<typeof goldJsonlRecordSchema>;
