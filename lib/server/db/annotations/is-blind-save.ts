import "server-only";
import { isBlindedFor, type PolicyUser } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import type { AnnotationStatus } from "@/lib/schemas/enums";
import type { Db } from "../client";

export type IsBlindSaveOptions = {
  db: Db;
  pairId: string;
  /** Whose annotation it is. */
  annotator: PolicyUser;
  /** Who writes it (a reviewer may edit someone's spans): the annotator when omitted. */
  actorId?: string;
  /** The annotation's status before this write; null when the write creates it. */
  status: AnnotationStatus | null;
};

/**
 * Whether a write keeps an annotation blind (Annotation.blind, what agreement compares): its own annotator writes it
 * while blind annotation hides the pair's gold and others' work from them (lib/auth/policy.ts isBlindedFor). Anything
 * else — a dataset that is not blind, an annotator who reaches gold, an annotation submitted already, an edit
 * by someone else — makes it not blind for good.
 */
export async function isBlindSave({ db, pairId, annotator, actorId, status }: IsBlindSaveOptions): Promise<boolean> {
  if (actorId !== undefined && actorId !== annotator.id) return false;
  const pair = await db.pair.findUnique({ where: { id: pairId }, select: { dataset: { select: { blindAnnotation: true } } } });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  return isBlindedFor({ user: annotator, dataset: pair.dataset, ownAnnotationStatus: status });
}
