import { z } from "zod";
import { zPairStatus, zSpanCategory, type PairStatus, type SpanCategory } from "../enums";
import type { Prisma } from "../generated/client";
import { zId } from "./schemas";

export const PAIR_SORTS = ["updatedAt", "uncertainty", "disagreement"] as const;
export type PairSort = (typeof PAIR_SORTS)[number];

/** Queue filters shared by listPairs and getNextPair. */
export type PairFilters = {
  datasetId?: string;
  /** Dataset name (alternative to datasetId). */
  dataset?: string;
  status?: PairStatus | PairStatus[];
  /** Pairs this user has an annotation on. */
  annotatorId?: string;
  /** Pairs with a live span of this category: the annotator's spans when annotatorId is set, else any human/gold span. */
  category?: SpanCategory;
  /**
   * Pairs that still need this user's work: not accepted, and either no annotation of theirs yet or one in progress
   * or rejected (several people label one pair, so another annotator's submission does not take it off my list).
   */
  needsWorkBy?: string;
};

/** Ordering and scores shared by listPairs and getNextPair. */
export type PairOrder = {
  /** "updatedAt" (default), "uncertainty" or "disagreement". */
  sort?: PairSort;
  /** Default "desc": newest / most uncertain / most disagreeing first. Pairs without a score always come last. */
  direction?: "asc" | "desc";
  /** Precomputed score per pair id for the uncertainty/disagreement sorts; when absent they come from ModelRun. */
  scores?: Record<string, number>;
  /** ModelRun model to score with (default: newest run per document). */
  modelName?: string;
  /** Keep threshold for the disagreement score (default 0.5). */
  threshold?: number;
};

export const pairFiltersShape = {
  datasetId: zId.optional(),
  dataset: z.string().min(1).max(200).optional(),
  status: z.union([zPairStatus, z.array(zPairStatus).min(1)]).optional(),
  annotatorId: zId.optional(),
  category: zSpanCategory.optional(),
  needsWorkBy: zId.optional(),
  sort: z.enum(PAIR_SORTS).default("updatedAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  scores: z.record(z.string(), z.number().finite()).optional(),
  modelName: z.string().min(1).max(200).optional(),
  threshold: z.number().gt(0).lt(1).default(0.5),
};

/** Prisma where clause for the filters. */
export function buildPairWhere(f: z.infer<z.ZodObject<typeof pairFiltersShape>>): Prisma.PairWhereInput {
  const statuses = f.status === undefined ? undefined : Array.isArray(f.status) ? f.status : [f.status];
  const me = f.needsWorkBy;
  return {
    ...(me
      ? {
          AND: [
            { status: { not: "accepted" } },
            {
              OR: [
                { annotations: { none: { annotatorId: me } } },
                { annotations: { some: { annotatorId: me, status: { in: ["in_progress", "rejected"] } } } },
              ],
            },
          ],
        }
      : {}),
    ...(f.datasetId ? { datasetId: f.datasetId } : {}),
    ...(f.dataset ? { dataset: { name: f.dataset } } : {}),
    ...(statuses ? { status: { in: statuses } } : {}),
    ...(f.annotatorId ? { annotations: { some: { annotatorId: f.annotatorId } } } : {}),
    ...(f.category
      ? {
          spans: {
            some: {
              category: f.category,
              deletedAt: null,
              ...(f.annotatorId ? { annotation: { annotatorId: f.annotatorId } } : {}),
            },
          },
        }
      : {}),
  };
}
