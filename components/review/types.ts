import type { SpanCategory } from "@/lib/spans/categories";
import type { Block } from "@/lib/text/types";

// Serializable props of the review page's client components (dates as ISO strings).

export type ReviewSpan = { id?: string; documentId: string; start: number; end: number; text: string; category: SpanCategory; exact?: true };

export type ReviewDocument = {
  id: string;
  position: number;
  title: string | null;
  url: string | null;
  text: string;
  /** Canonical blocks (the panes render them as the workspace does). */
  blocks: Block[];
  /** Title, else first heading or words (lib/text/document-label). */
  label: string;
};

export type AgreementFigures = {
  perCategory: Record<SpanCategory, { charF1: number | null; kappa: number | null }>;
  micro: { charF1: number | null; kappa: number | null };
  /** Other annotators compared with. */
  comparisons: number;
};

export type ReviewAnnotation = {
  id: string;
  annotatorId: string;
  annotatorEmail: string;
  annotatorName: string;
  status: string;
  version: number;
  comment: string | null;
  submittedAt: string | null;
  /** The annotator answered "nothing here is vital". */
  noVital: boolean;
  reviewerEmail: string | null;
  reviewComment: string | null;
  reviewedAt: string | null;
  spans: ReviewSpan[];
  /** Mean agreement with the other annotators of this pair; null when nobody else annotated it. */
  agreement: AgreementFigures | null;
  /** Whether its spans vote in the gold candidates. */
  votes: boolean;
};

export type ReviewGold = {
  status: string;
  /** Pair.version: sent back with Save gold. */
  version: number;
  spans: (ReviewSpan & { id: string })[];
  adjudicatedAt: string | null;
  adjudicatedBy: string | null;
  /** The gold decision "nothing here is vital" (zero vital spans). */
  noVital: boolean;
};

/** A span the chosen versions would write (what the gold pane draws as "chosen"). */
export type ChosenSpan = ReviewSpan & { key: string };

/** A machine pre-annotation offered as a version in the review (never voting, never pre-chosen). */
export type ReviewSuggestionLayer = { id: string; label: string; spans: ReviewSpan[] };
