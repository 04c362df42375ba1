import "server-only";
import type { PairStatus, SpanCategory } from "@/lib/schemas/enums";
import type { PairFiltersInput, PairSort } from "@/lib/schemas/queue";
import type { Prisma } from "../generated/client";
import { blindPairsWhere } from "./blind-pairs-where";

/** Queue filters shared by listPairs and getNextPair. */
export type PairFilters = {
  datasetId?: string;
  /** Dataset name (alternative to datasetId). */
  dataset?: string;
  status?: PairStatus | PairStatus[];
  /** Pairs this user has an annotation on. */
  annotatorId?: string;
  /**
   * Pairs with a live span of this category: the annotator's spans when annotatorId is set, else any human/gold span.
   * For a blind viewer, only their own spans count on the pairs they are blind to (a match on gold would reveal it).
   */
  category?: SpanCategory;
  /**
   * Pairs that still need this user's work: not accepted, and either no annotation of theirs yet or one in progress
   * or rejected (several people label one pair, so another annotator's submission does not take it off my list).
   */
  needsWorkBy?: string;
  /** A viewer blind annotation applies to (see pairFiltersShape in lib/schemas/queue.ts); set by the server. */
  blindViewerId?: string;
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

/** Prisma where clause for the filters. */
export function buildPairWhere(f: PairFiltersInput): Prisma.PairWhereInput {
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
              ...(f.blindViewerId
                ? { OR: [{ annotation: { annotatorId: f.blindViewerId } }, { pair: { NOT: blindPairsWhere(f.blindViewerId) } }] }
                : {}),
            },
          },
        }
      : {}),
  };
}
