import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import type { PairStatus } from "../../../schemas/enums";
import { runInTransaction } from "../run-in-transaction";
import { getGoldSpans } from "./get-gold-spans";
import { loadPairDocuments } from "./load-pair-documents";
import { parseOptions } from "./parse-options";
import { loadActiveUser } from "./load-active-user";
import { MAX_COMMENT_CHARS, spanListSchema, type SpanInput, type StoredSpan } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { SPAN_SELECT } from "./span-rows";
import { snapSavedSpans } from "./snap-saved-spans";
import { syncPairStatus } from "./sync-pair-status";
import { validateSpans } from "./validate-spans";
import { summarizeSpanChanges, writeSpanChanges } from "./write-span-changes";

export type AdjudicatePairOptions = {
  pairId: string;
  reviewerId: string;
  /** The complete gold list (ids of stored gold spans to keep/update them; others are created). */
  spans: SpanInput[];
  comment?: string | null;
  /** When given, the Pair.version the reviewer started from (getGoldSpans): a newer one is a CONFLICT. */
  baseVersion?: number;
  db?: Db;
};

export type AdjudicatePairResult = {
  pairId: string;
  status: PairStatus;
  /** New Pair.version. */
  version: number;
  spans: StoredSpan[];
  idMap: Record<string, string>;
  created: string[];
  updated: string[];
  deleted: string[];
};

const schema = z.object({
  pairId: zId,
  reviewerId: zId,
  spans: spanListSchema.min(1, "gold needs at least one span (reject the annotation instead)"),
  comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
  baseVersion: z.number().int().nonnegative().optional(),
});

/**
 * A reviewer writes the pair's gold version: Span rows with source "gold" and no annotation, replacing the previous
 * gold in one transaction (unchanged spans kept, the rest updated/created/soft-deleted, one SpanEvent each), and
 * the pair becomes accepted with the review fields and the adjudication marker (adjudicatedAt/adjudicatedById) set.
 * Gold must hold at least one span: Pair.status is derived from live gold (reject the annotations instead).
 * FORBIDDEN without the reviewer/admin role or when the reviewer is the pair's only annotator; UNPROCESSABLE for invalid or drifted spans; CONFLICT on a stale baseVersion
 * (details: version, status, spans = current gold).
 */
export async function adjudicatePair(options: AdjudicatePairOptions): Promise<AdjudicatePairResult> {
  const { db = getDb(), ...rest } = options;
  const { pairId, reviewerId, spans, comment, baseVersion } = parseOptions(schema, rest);
  await loadActiveUser({ db, userId: reviewerId, roles: ["reviewer", "admin"], action: "adjudicate pairs" });
  // Four-eyes: gold built only from the reviewer's own annotation would be self-approval (as in reviewAnnotation).
  const annotators = await db.annotation.findMany({ where: { pairId }, select: { annotatorId: true } });
  if (annotators.some((a) => a.annotatorId === reviewerId) && annotators.every((a) => a.annotatorId === reviewerId)) {
    throw new AppError("FORBIDDEN", "Reviewers may not adjudicate a pair only they annotated");
  }
  const { documents } = await loadPairDocuments({ db, pairId });
  validateSpans(spans, documents);

  return runInTransaction(
    async (tx) => {
      if (baseVersion !== undefined) {
        const gold = await getGoldSpans({ db: tx, pairId });
        if (gold.version !== baseVersion) {
          throw new AppError("CONFLICT", `The pair changed since version ${baseVersion} (now ${gold.version})`, {
            version: gold.version,
            status: gold.status,
            spans: gold.spans,
          });
        }
      }
      const existing = await tx.span.findMany({
        where: { pairId, source: "gold", annotationId: null, deletedAt: null },
        select: SPAN_SELECT,
      });
      const changes = await writeSpanChanges({
        tx,
        existing,
        desired: snapSavedSpans({ spans, existing, documents }),
        scope: { pairId, annotationId: null, source: "gold" },
        actorId: reviewerId,
        now: new Date(),
      });
      const now = new Date();
      const status = await syncPairStatus({
        tx,
        pairId,
        review: { reviewerId, comment: comment?.trim() || null, at: now },
      });
      // syncPairStatus already bumped the version for the review; the marker rides along without another bump.
      await tx.pair.update({ where: { id: pairId }, data: { adjudicatedAt: now, adjudicatedById: reviewerId } });
      const pair = await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { version: true } });
      if (baseVersion !== undefined && pair.version !== baseVersion + 1) {
        throw new AppError("CONFLICT", "The pair was adjudicated concurrently", { version: pair.version });
      }
      return {
        pairId,
        status,
        version: pair.version,
        ...summarizeSpanChanges(changes, documents),
      };
    },
    { db },
  );
}
