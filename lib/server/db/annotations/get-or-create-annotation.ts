import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { zAnnotationStatus, zRole } from "../../../schemas/enums";
import { ANNOTATION_HEAD_SELECT, type AnnotationHead } from "./annotation-head";
import { isBlindSave } from "./is-blind-save";
import { parseOptions } from "./parse-options";
import { loadActiveUser } from "./load-active-user";
import { zId } from "../../../schemas/ids";

export type GetOrCreateAnnotationOptions = { pairId: string; annotatorId: string; db?: Db };

export type AnnotationSummary = AnnotationHead & {
  /** True when this call created it. */
  created: boolean;
};

const schema = z.object({ pairId: zId, annotatorId: zId });

const SELECT = ANNOTATION_HEAD_SELECT;

/**
 * The annotator's Annotation of the pair, created (status in_progress, version 0) on first call: one per annotator
 * per pair. Creating it does not touch Pair.status; the first saved edit moves the pair unlabeled → in_progress
 * (saveAnnotationSpans), so merely opening a pair does not take it out of the "unlabeled" queue. Created blind when
 * its annotator is blinded (isBlindSave), as a first save would.
 * NOT_FOUND for an unknown pair or user, FORBIDDEN for a disabled user.
 */
export async function getOrCreateAnnotation(options: GetOrCreateAnnotationOptions): Promise<AnnotationSummary> {
  const { db = getDb(), ...rest } = options;
  const { pairId, annotatorId } = parseOptions(schema, rest);
  const where = { pairId_annotatorId: { pairId, annotatorId } };
  const found = await db.annotation.findUnique({ where, select: SELECT });
  if (found) return { ...found, status: zAnnotationStatus.parse(found.status), created: false };

  const annotator = await loadActiveUser({ db, userId: annotatorId, action: "annotate" });
  const pair = await db.pair.findUnique({ where: { id: pairId }, select: { id: true } });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const blind = await isBlindSave({ db, pairId, annotator: { id: annotator.id, role: zRole.parse(annotator.role) }, status: null });
  // upsert, not create: a second tab opening the same pair at the same moment must not fail on the unique key.
  const row = await db.annotation.upsert({ where, create: { pairId, annotatorId, blind }, update: {}, select: SELECT });
  return { ...row, status: zAnnotationStatus.parse(row.status), created: true };
}
