import "server-only";
import type { Db } from "../client";
import type { PairStatus } from "../../../schemas/enums";

export type PairStatusInputs = {
  /** Status and version of every annotation of the pair (version 0 = opened but never edited). */
  annotations: readonly { status: string; version: number }[];
  /** Live gold spans exist (the pair was adjudicated). */
  hasGold: boolean;
};

/**
 * Pair.status summarizes its annotations, so it stays consistent with several annotators:
 * gold or an accepted annotation → accepted; else any submitted → submitted (waits for review); else any rejected
 * → rejected (waits for rework); else any edited annotation → in_progress; else unlabeled. With one annotator this
 * is the chain unlabeled → in_progress → submitted → accepted | rejected (→ in_progress again on rework).
 */
export function derivePairStatus({ annotations, hasGold }: PairStatusInputs): PairStatus {
  const has = (s: string) => annotations.some((a) => a.status === s);
  if (hasGold || has("accepted")) return "accepted";
  if (has("submitted")) return "submitted";
  if (has("rejected")) return "rejected";
  if (annotations.some((a) => a.version > 0)) return "in_progress";
  return "unlabeled";
}

export type SyncPairStatusOptions = {
  /** A transaction that already wrote the annotation/gold change. */
  tx: Db;
  pairId: string;
  /** Review fields to set with the status (review and adjudication). */
  review?: { reviewerId: string; comment: string | null; at: Date };
  /** Bump Pair.updatedAt even when the status does not change (span edits), so "recently worked on" sorts work. */
  touch?: boolean;
};

/** Recomputes Pair.status after a change; writes (and bumps Pair.version) only when something changed. */
export async function syncPairStatus({ tx, pairId, review, touch }: SyncPairStatusOptions): Promise<PairStatus> {
  // Sequential on purpose: queries inside one interactive transaction run one at a time anyway.
  const pair = await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { status: true } });
  const annotations = await tx.annotation.findMany({ where: { pairId }, select: { status: true, version: true } });
  const gold = await tx.span.findFirst({ where: { pairId, source: "gold", deletedAt: null }, select: { id: true } });
  const status = derivePairStatus({ annotations, hasGold: gold !== null });
  if (status !== pair.status || review) {
    await tx.pair.update({
      where: { id: pairId },
      data: {
        status,
        version: { increment: 1 },
        ...(review ? { reviewerId: review.reviewerId, reviewComment: review.comment, reviewedAt: review.at } : {}),
      },
    });
  } else if (touch) {
    await tx.pair.update({ where: { id: pairId }, data: { updatedAt: new Date() } });
  }
  return status;
}
