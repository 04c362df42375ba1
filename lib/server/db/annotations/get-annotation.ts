import "server-only";
import { z } from "zod";
import { type Db, getDb } from "../client";
import { zAnnotationStatus } from "../../../schemas/enums";
import { ANNOTATION_HEAD_SELECT, type AnnotationHead } from "./annotation-head";
import { parseOptions } from "./parse-options";
import { type StoredSpan } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { SPAN_SELECT, sortSpans, toStoredSpan } from "./span-rows";

export type GetAnnotationOptions = ({ pairId: string; annotatorId: string } | { annotationId: string }) & { db?: Db };

export type AnnotationState = AnnotationHead & {
  updatedAt: Date;
  /** Live (not deleted) human spans in document order; `drift` is set on any whose text no longer matches. */
  spans: StoredSpan[];
};

const schema = z.union([z.object({ annotationId: zId }), z.object({ pairId: zId, annotatorId: zId })]);

/** One annotation with its live spans, or null when the annotator has none for the pair. */
export async function getAnnotation(options: GetAnnotationOptions): Promise<AnnotationState | null> {
  const { db = getDb(), ...rest } = options;
  const key = parseOptions(schema, rest);
  const annotation = await db.annotation.findUnique({
    where: "annotationId" in key ? { id: key.annotationId } : { pairId_annotatorId: key },
    select: {
      ...ANNOTATION_HEAD_SELECT,
      updatedAt: true,
      spans: { where: { deletedAt: null }, select: SPAN_SELECT },
      pair: { select: { documents: { select: { position: true, document: { select: { id: true, text: true } } } } } },
    },
  });
  if (!annotation) return null;
  const { spans, pair, ...head } = annotation;
  const documents = new Map(pair.documents.map((d) => [d.document.id, { position: d.position, text: d.document.text }]));
  return {
    ...head,
    status: zAnnotationStatus.parse(head.status),
    spans: sortSpans(
      spans.map((s) => toStoredSpan(s, documents.get(s.documentId)?.text)),
      documents,
    ),
  };
}
