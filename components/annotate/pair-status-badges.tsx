import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import { StatusBadge } from "@/components/ui/status-badge";

interface Props {
  /** The pair's status (what the queue and a researcher go by). */
  pairStatus: PairStatus | null;
  /** My annotation's status; null when I have none (nothing is shown for it then). */
  status: AnnotationStatus | null;
  reviewComment: string | null;
  /** The pair's gold says nothing is vital. */
  goldNoVital?: boolean;
  /** My submitted answer is "nothing here is vital". */
  noVital?: boolean;
}

/**
 * The pair's status, and mine beside it when I have an annotation, each with its own label; when my annotation was
 * rejected, the reviewer's comment.
 */
export function PairStatusBadges({ pairStatus, status, reviewComment, goldNoVital = false, noVital = false }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="status-badges">
      {pairStatus && (
        <span className="flex items-center gap-1">
          <span className="text-slate-500">Pair</span>
          <StatusBadge status={pairStatus} testId="pair-status" />
        </span>
      )}
      {goldNoVital && (
        <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-900" data-testid="gold-no-vital">
          Gold: nothing here is vital
        </span>
      )}
      {status && (
        <span className="flex items-center gap-1">
          <span className="text-slate-500">Mine</span>
          <StatusBadge status={status} testId="annotation-status" />
          {noVital && status !== "in_progress" && (
            <span className="text-xs text-slate-600" data-testid="mine-no-vital">
              (nothing vital)
            </span>
          )}
        </span>
      )}
      {status === "rejected" && reviewComment && (
        <span className="rounded bg-red-50 px-2 py-0.5 text-xs text-red-900" data-testid="review-comment">
          Reviewer: {reviewComment}
        </span>
      )}
    </div>
  );
}
