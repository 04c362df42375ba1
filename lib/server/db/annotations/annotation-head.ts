import type { AnnotationStatus } from "../enums";

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
};

export const ANNOTATION_HEAD_SELECT = {
  id: true,
  pairId: true,
  annotatorId: true,
  status: true,
  version: true,
  comment: true,
  submittedAt: true,
} as const;
