import type { AnnotationStatus, PairStatus } from "@/lib/server/db/enums";

const STYLE: Record<string, string> = {
  unlabeled: "bg-slate-100 text-slate-700",
  in_progress: "bg-blue-50 text-blue-800",
  submitted: "bg-amber-50 text-amber-900",
  accepted: "bg-green-50 text-green-800",
  rejected: "bg-red-50 text-red-800",
};

interface Props {
  /** The pair's status (what the queue and a researcher go by). */
  pairStatus: PairStatus | null;
  /** My annotation's status; null when I have none (nothing is shown for it then). */
  status: AnnotationStatus | null;
  reviewComment: string | null;
}

/**
 * The pair's status, and mine beside it when I have an annotation, each with its own label; when my annotation was
 * rejected, the reviewer's comment.
 */
export function StatusBadge({ pairStatus, status, reviewComment }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="status-badges">
      {pairStatus && (
        <span className="flex items-center gap-1">
          <span className="text-slate-500">Pair</span>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STYLE[pairStatus] ?? ""}`} data-testid="pair-status" data-status={pairStatus}>
            {pairStatus.replace("_", " ")}
          </span>
        </span>
      )}
      {status && (
        <span className="flex items-center gap-1">
          <span className="text-slate-500">Mine</span>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STYLE[status] ?? ""}`} data-testid="annotation-status" data-status={status}>
            {status.replace("_", " ")}
          </span>
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
