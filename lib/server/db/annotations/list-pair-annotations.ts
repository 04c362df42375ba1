import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { type AnnotationStatus, type PairStatus, zAnnotationStatus, zPairStatus } from "../../../schemas/enums";
import { parseOptions } from "./parse-options";
import { type StoredSpan } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { SPAN_SELECT, sortSpans, toStoredSpan } from "./span-rows";

export type ListPairAnnotationsOptions = { pairId: string; db?: Db };

export type UserRef = { id: string; email: string; name: string };

export type PairAnnotation = {
  id: string;
  annotator: UserRef;
  status: AnnotationStatus;
  /** Send it back as the review's `version` (CONFLICT when the annotator changed it meanwhile). */
  version: number;
  /** The annotator's note for the reviewer. */
  comment: string | null;
  submittedAt: Date | null;
  /** The annotator answered "nothing here is vital". */
  noVital: boolean;
  /** Made without seeing the pair's gold or others' work (Annotation.blind): only these count for agreement. */
  blind: boolean;
  updatedAt: Date;
  reviewer: UserRef | null;
  reviewComment: string | null;
  reviewedAt: Date | null;
  /** Live human spans, document order. */
  spans: StoredSpan[];
};

export type PairAnnotations = {
  pair: {
    id: string;
    datasetId: string;
    dataset: string;
    query: string;
    status: PairStatus;
    /** Pair.version: adjudicatePair's `baseVersion`. */
    version: number;
    adjudicatedAt: Date | null;
    adjudicatedBy: UserRef | null;
  };
  /** The pair's documents in result order with their canonical text (all offsets point into it). */
  documents: { id: string; position: number; title: string | null; url: string | null; text: string }[];
  /** Every annotation of the pair (all statuses), by annotator email. */
  annotations: PairAnnotation[];
};

const schema = z.object({ pairId: zId });
const USER_REF = { select: { id: true, email: true, name: true } } as const;

/** Everything the review page and GET /api/v1/pairs/{id}/annotations show; NOT_FOUND for an unknown pair. */
export async function listPairAnnotations(options: ListPairAnnotationsOptions): Promise<PairAnnotations> {
  const { db = getDb(), ...rest } = options;
  const { pairId } = parseOptions(schema, rest);
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      id: true,
      datasetId: true,
      status: true,
      version: true,
      adjudicatedAt: true,
      adjudicatedBy: USER_REF,
      dataset: { select: { name: true } },
      query: { select: { text: true } },
      documents: {
        orderBy: { position: "asc" },
        select: { position: true, document: { select: { id: true, title: true, url: true, text: true } } },
      },
      annotations: {
        select: {
          id: true,
          status: true,
          version: true,
          comment: true,
          submittedAt: true,
          noVital: true,
          blind: true,
          updatedAt: true,
          reviewComment: true,
          reviewedAt: true,
          annotator: USER_REF,
          reviewer: USER_REF,
          spans: { where: { deletedAt: null }, select: SPAN_SELECT },
        },
      },
    },
  });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const documents = pair.documents.map((d) => ({ position: d.position, ...d.document }));
  const byId = new Map(documents.map((d) => [d.id, d]));
  const annotations = pair.annotations
    .map(({ spans, status, ...a }) => ({
      ...a,
      status: zAnnotationStatus.parse(status),
      spans: sortSpans(
        spans.map((s) => toStoredSpan(s, byId.get(s.documentId)?.text)),
        byId,
      ),
    }))
    .sort((x, y) => (x.annotator.email < y.annotator.email ? -1 : x.annotator.email > y.annotator.email ? 1 : 0));
  return {
    pair: {
      id: pair.id,
      datasetId: pair.datasetId,
      dataset: pair.dataset.name,
      query: pair.query.text,
      status: zPairStatus.parse(pair.status),
      version: pair.version,
      adjudicatedAt: pair.adjudicatedAt,
      adjudicatedBy: pair.adjudicatedBy,
    },
    documents,
    annotations,
  };
}
