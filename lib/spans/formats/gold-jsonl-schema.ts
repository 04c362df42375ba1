import { z } from "zod";
import { zSpanCategory } from "../categories";
import { zSpanLayerSource } from "../schemas";

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

export const goldJsonlRecordSchema = z.object({
  pairId: z.string().min(1),
  query: z.string(),
  documentId: z.string().min(1),
  url: z.string().optional(),
  title: z.string().optional(),
  externalId: z.string().min(1).optional(),
  text: z.string(),
  /** Canonical blocks (lib/text Block) of `text`: structure for training; optional (older exports lack it). */
  blocks: z
    .array(
      z.object({
        start: z.number().int().nonnegative(),
        end: z.number().int().nonnegative(),
        kind: z.enum(["heading", "paragraph", "list-item", "table-row", "code", "quote"]),
        role: z.enum(["main", "navigation", "header", "footer", "aside", "form", "comment"]),
        level: z.number().int().optional(),
        linkDensity: z.number().min(0).max(1).optional(),
        /** Where a unit starts inside the block (a run-in heading ends there): without it a re-import glues them. */
        breaks: z.array(z.number().int().nonnegative()).optional(),
      }),
    )
    .optional(),
  spans: z.array(goldSpanSchema),
  /**
   * The pair's gold says nothing in its documents is vital (an unanswerable query): present, and true, only then. A
   * record of a pair with gold and no vital span is unanswerable either way; the flag makes the decision survive a
   * re-import (a record without spans would otherwise read as unlabeled).
   */
  noVital: z.literal(true).optional(),
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
export type GoldJsonlRecord = z.infer<typeof goldJsonlRecordSchema>;
