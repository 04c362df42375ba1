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
import { refuseSameCategoryOverlaps } from "./refuse-gold-overlaps";
import { summarizeSpanChanges, writeSpanChanges } from "./write-span-changes";
import { appendGoldAuditEvents } from "../audit/append-gold-audit-events";
import { readGoldSnapshot } from "../audit/read-gold-snapshot";

export type AdjudicatePairOptions = {
  pairId: string;
  reviewerId: string;
  /** The complete gold list (ids of stored gold spans to keep/update them; others are created). */
  spans: SpanInput[];
  /**
   * The gold decision "nothing here is vital": gold with zero vital spans (other categories may stay, the list may be
   * empty). Without it gold needs at least one span.
   */
  noVital?: boolean;
  comment?: string | null;
  /** When given, the Pair.version the reviewer started from (getGoldSpans): a newer one is a CONFLICT. */
  baseVersion?: number;
  db?: Db;
};

export type AdjudicatePairResult = {
  pairId: string;
  status: PairStatus;
  noVital: boolean;
  /** New Pair.version. */
  version: number;
  spans: StoredSpan[];
  idMap: Record<string, string>;
  created: string[];
  updated: string[];
  deleted: string[];
};

const schema = z
  .object({
    pairId: zId,
    reviewerId: zId,
    spans: spanListSchema,
    noVital: z.boolean().optional(),
    comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
    baseVersion: z.number().int().nonnegative().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.noVital && o.spans.some((s) => s.category === "vital")) {
      ctx.addIssue({ code: "custom", path: ["spans"], message: 'gold that says "nothing here is vital" cannot hold a vital span' });
    } else if (!o.noVital && o.spans.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["spans"],
        message: 'gold needs at least one span (record "nothing here is vital", or reject the annotation instead)',
      });
    }
  });

/**
 * A reviewer writes the pair's gold version: Span rows with source "gold" and no annotation, replacing the previous
 * gold in one transaction (unchanged spans kept, the rest updated/created/soft-deleted, one SpanEvent each), and
 * the pair becomes accepted with the review fields and the adjudication marker (adjudicatedAt/adjudicatedById) set.
 * One GoldAuditEvent (kind "adjudicate", or "no_vital" for that decision) records the reviewer and the gold before and
 * after, in the same transaction; a refused adjudication writes none.
 * Gold holds at least one span, or is the decision "nothing here is vital" (`noVital`: zero vital spans, stored as
 * Pair.goldNoVital); Pair.status is derived from it (reject the annotations instead).
 * Gold never holds two spans of one category that share a character (nested or overlapping), also not after the
 * spans are widened to whole words: such a list is refused (UNPROCESSABLE, naming both), never silently merged.
 * FORBIDDEN without the reviewer/admin role or when the reviewer is the pair's only annotator; UNPROCESSABLE for invalid or drifted spans; CONFLICT on a stale baseVersion
 * (details: version, status, spans = current gold).
 */
export async function adjudicatePair(options: AdjudicatePairOptions): Promise<AdjudicatePairResult> {
  const { db = getDb(), ...rest } = options;
  const { pairId, reviewerId, spans, comment, baseVersion, noVital = false } = parseOptions(schema, rest);
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
      const desired = snapSavedSpans({ spans, existing, documents });
      refuseSameCategoryOverlaps(desired);
      const before = await readGoldSnapshot({ tx, pairId });
      const changes = await writeSpanChanges({
        tx,
        existing,
        desired,
        scope: { pairId, annotationId: null, source: "gold" },
        actorId: reviewerId,
        now: new Date(),
      });
      const now = new Date();
      // The marker first (no version bump of its own): the status counts submissions up to now as reviewed by it.
      await tx.pair.update({ where: { id: pairId }, data: { adjudicatedAt: now, adjudicatedById: reviewerId, goldNoVital: noVital } });
      const status = await syncPairStatus({
        tx,
        pairId,
        review: { reviewerId, comment: comment?.trim() || null, at: now },
      });
      const pair = await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { version: true } });
      if (baseVersion !== undefined && pair.version !== baseVersion + 1) {
        throw new AppError("CONFLICT", "The pair was adjudicated concurrently", { version: pair.version });
      }
      const after = await readGoldSnapshot({ tx, pairId });
      await appendGoldAuditEvents({
        tx,
        events: [
          {
            pairId,
            datasetId: before.datasetId,
            actorId: reviewerId,
            kind: noVital ? "no_vital" : "adjudicate",
            before: before.snapshot,
            after: after.snapshot,
            at: now,
          },
        ],
      });
      return {
        pairId,
        status,
        noVital,
        version: pair.version,
        ...summarizeSpanChanges(changes, documents),
      };
    },
    { db },
  );
}
