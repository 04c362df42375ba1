"use client";

import { useState } from "react";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { StatusBadge } from "@/components/ui/status-badge";
import { ANNOTATOR_COLORS, fmtDate, fmtScore } from "./category-chip";
import type { ReviewAnnotation } from "./types";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";

type Props = {
  annotation: ReviewAnnotation;
  index: number;
  /** Why the reviewer cannot review this one (own work, not submitted), or null when they can. */
  blockedReason: string | null;
  busy: boolean;
  onReview: (decision: "accept" | "reject", comment: string) => Promise<string | null>;
};

/** One annotator's work: status, spans, agreement with the others, and Accept / Reject (with a comment). */
export function AnnotationCard({ annotation: a, index, blockedReason, busy, onReview }: Props) {
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const disabled = busy || blockedReason !== null;
  const used = SPAN_CATEGORIES.filter((c) => a.spans.some((s) => s.category === c) || (a.agreement?.perCategory[c].charF1 ?? null) !== null);

  const review = async (decision: "accept" | "reject") => {
    setError(null);
    if (decision === "reject" && !comment.trim()) {
      setError("Write what the annotator should fix before rejecting.");
      return;
    }
    const problem = await onReview(decision, comment.trim());
    if (problem) setError(problem);
    else setComment("");
  };

  return (
    <Card
      as="article"
      className="space-y-3"
      style={{ borderTop: `4px solid ${ANNOTATOR_COLORS[index % ANNOTATOR_COLORS.length]}` }}
      data-testid="annotation-card"
      data-annotator-email={a.annotatorEmail}
      data-annotation-id={a.id}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{a.annotatorEmail}</h3>
          <p className="text-xs text-slate-500">
            {a.spans.length} span{a.spans.length === 1 ? "" : "s"} · submitted {fmtDate(a.submittedAt)} UTC
            {a.votes ? " · votes in the gold candidates" : ""}
          </p>
        </div>
        <StatusBadge status={a.status} testId="annotation-card-status" />
      </header>

      {a.noVital && (
        <Notice tone="warn" size="sm" testId="annotation-card-no-vital">
          Answer: nothing here is vital
        </Notice>
      )}
      {a.comment && <p className="rounded bg-slate-50 px-2 py-1 text-xs text-slate-700">Annotator’s note: {a.comment}</p>}
      {a.reviewedAt && (
        <p className="text-xs text-slate-600" data-testid="annotation-card-review">
          Reviewed by {a.reviewerEmail ?? "a removed user"} at {fmtDate(a.reviewedAt)} UTC
          {a.reviewComment ? `: “${a.reviewComment}”` : ""}
        </p>
      )}

      {a.agreement ? (
        <table className="w-full text-xs" data-testid="annotation-card-agreement">
          <caption className="mb-1 text-left text-xs font-medium text-slate-700">
            Agreement with the {a.agreement.comparisons} other annotator{a.agreement.comparisons === 1 ? "" : "s"} (mean)
          </caption>
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-0.5 font-medium">Category</th>
              <th className="py-0.5 text-right font-medium">Char F1</th>
              <th className="py-0.5 text-right font-medium">Token κ</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {used.map((c) => (
              <tr key={c}>
                <td className="py-0.5">{CATEGORY_META[c].label}</td>
                <td className="py-0.5 text-right">{fmtScore(a.agreement!.perCategory[c].charF1)}</td>
                <td className="py-0.5 text-right">{fmtScore(a.agreement!.perCategory[c].kappa)}</td>
              </tr>
            ))}
            <tr className="border-t border-slate-100 font-medium">
              <td className="py-0.5">All categories</td>
              <td className="py-0.5 text-right">{fmtScore(a.agreement.micro.charF1)}</td>
              <td className="py-0.5 text-right">{fmtScore(a.agreement.micro.kappa)}</td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-slate-500">Nobody else annotated this pair yet: no agreement figures.</p>
      )}

      <div className="space-y-2">
        <label className="block space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Comment for the annotator (required to reject)</span>
          <textarea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={2}
            disabled={disabled}
            className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-50"
            data-testid="review-comment"
          />
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => review("accept")}
            disabled={disabled}
            className="rounded-md bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-50"
            data-testid="review-accept"
          >
            Accept
          </button>
          <button
            type="button"
            onClick={() => review("reject")}
            disabled={disabled}
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50"
            data-testid="review-reject"
          >
            Reject
          </button>
          {blockedReason && (
            <span className="text-xs text-slate-600" data-testid="review-blocked">
              {blockedReason}
            </span>
          )}
        </div>
        {error && (
          <p className="text-xs text-red-700" role="alert" data-testid="review-error">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}
