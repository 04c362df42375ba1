import "server-only";
import type { AnnotationStatus } from "../../../schemas/enums";

/** The annotation fields every reader returns (selected with ANNOTATION_HEAD_SELECT). */
export type AnnotationHead = {
  id: string;
  pairId: string;
  annotatorId: string;
  status: AnnotationStatus;
  /** Send it back as `baseVersion` when saving. */
  version: number;
  comment: string | null;
  submittedAt: Date | null;
  /** The annotator answered "nothing here is vital" when submitting. */
  noVital: boolean;
  /** The latest review of this annotation (a rejection's comment tells the annotator what to fix). */
  reviewerId: string | null;
  reviewComment: string | null;
  reviewedAt: Date | null;
};

export const ANNOTATION_HEAD_SELECT = {
  id: true,
  pairId: true,
  annotatorId: true,
  status: true,
  version: true,
  comment: true,
  submittedAt: true,
  noVital: true,
  reviewerId: true,
  reviewComment: true,
  reviewedAt: true,
} as const;
