import "server-only";
import type { Db } from "../client";
import type { PairStatus } from "../../../schemas/enums";

export type PairStatusInputs = {
  /** Status and version of every annotation of the pair (version 0 = opened but never edited), and when submitted. */
  annotations: readonly { status: string; version: number; submittedAt?: Date | null }[];
  /** The pair has gold: live gold spans, or the gold decision that nothing is vital. */
  hasGold: boolean;
  /** When a reviewer last saved the gold (Pair.adjudicatedAt); null for seeded or imported gold. */
  goldAt?: Date | null;
};

/**
 * Pair.status summarizes its annotations, so it stays consistent with several annotators (README, "Workflow"):
 * a submission waiting for review → submitted (whatever was decided before it: seeded or imported gold, an earlier
 * accepted annotation; gold a reviewer saved after it counts as its review); else gold or an accepted annotation →
 * accepted; else any rejected → rejected (waits for rework); else any edited annotation → in_progress; else
 * unlabeled. With one annotator this is the chain unlabeled → in_progress → submitted → accepted | rejected
 * (→ in_progress again on rework).
 */
export function derivePairStatus({ annotations, hasGold, goldAt }: PairStatusInputs): PairStatus {
  const has = (s: string) => annotations.some((a) => a.status === s);
  const reviewedByGold = (a: { submittedAt?: Date | null }) => hasGold && !!goldAt && !!a.submittedAt && a.submittedAt <= goldAt;
  if (annotations.some((a) => a.status === "submitted" && !reviewedByGold(a))) return "submitted";
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
  const pair = await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { status: true, goldNoVital: true, adjudicatedAt: true } });
  const annotations = await tx.annotation.findMany({ where: { pairId }, select: { status: true, version: true, submittedAt: true } });
  const gold = pair.goldNoVital ? null : await tx.span.findFirst({ where: { pairId, source: "gold", deletedAt: null }, select: { id: true } });
  const status = derivePairStatus({ annotations, hasGold: pair.goldNoVital || gold !== null, goldAt: pair.adjudicatedAt });
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
