import type { AnnotationStatus } from "@/lib/server/db/enums";

const STYLE: Record<string, string> = {
  unlabeled: "bg-slate-100 text-slate-700",
  in_progress: "bg-blue-50 text-blue-800",
  submitted: "bg-amber-50 text-amber-900",
  accepted: "bg-green-50 text-green-800",
  rejected: "bg-red-50 text-red-800",
};

/** My annotation's status ("unlabeled" before the first save) and, when rejected, the reviewer's comment. */
export function StatusBadge({ status, reviewComment }: { status: AnnotationStatus | null; reviewComment: string | null }) {
  const s = status ?? "unlabeled";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STYLE[s] ?? ""}`} data-testid="annotation-status" data-status={s}>
        {s.replace("_", " ")}
      </span>
      {s === "rejected" && reviewComment && (
        <span className="rounded bg-red-50 px-2 py-0.5 text-xs text-red-900" data-testid="review-comment">
          Reviewer: {reviewComment}
        </span>
      )}
    </div>
  );
}
