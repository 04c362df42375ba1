"use client";

import { useMemo, useState } from "react";
import { CategoryStyles } from "@/components/annotate/category-styles";
import { canReview, type PolicyUser } from "@/lib/auth/policy";
import type { ApiError } from "@/lib/client/api-fetch";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { AnnotationCard } from "./annotation-card";
import { DocumentView } from "./document-view";
import { GoldPanel } from "./gold-panel";
import { votingAnnotations } from "@/lib/spans/review/review-voters";
import type { ReviewAnnotation, ReviewDocument, ReviewGold, ReviewSpan, ReviewSuggestionLayer } from "./types";
import { useReviewRegions } from "./use-review-regions";

type Props = {
  pairId: string;
  me: PolicyUser & { email: string };
  documents: ReviewDocument[];
  annotations: ReviewAnnotation[];
  /** Machine pre-annotations (LLM judge, model) offered as versions; they never vote. */
  suggestions: ReviewSuggestionLayer[];
  gold: ReviewGold;
};

/** A refusal's message, with the way out of a 409 spelled out (reviews and gold saves carry versions). */
const failureMessage = (r: { status: number; error: ApiError }) =>
  r.status === 409 ? `${r.error.message} Reload the page to see the latest version.` : r.error.message;

/**
 * The review page's interactive part. Reviews and gold saves go through the API (so the same checks apply as for
 * scripts); after a review the gold state is re-read, because reviews bump Pair.version, which Save gold sends.
 */
export function ReviewWorkspace({ pairId, me, documents, annotations: initial, suggestions, gold: initialGold }: Props) {
  const [annotations, setAnnotations] = useState(initial);
  const [gold, setGold] = useState(initialGold);
  const [busy, setBusy] = useState(false);
  const [highlight, setHighlight] = useState<ReviewSpan | null>(null);
  // Regions follow the live statuses: a rejected annotation stops voting the moment the review is saved.
  const review = useReviewRegions({ documents, annotations, gold, suggestions });
  const voting = useMemo(() => new Set(votingAnnotations(annotations).map((a) => a.id)), [annotations]);

  const refreshGold = async () => {
    const r = await callApi(OPERATIONS.getGold, { params: { id: pairId } });
    if (r.ok) {
      const { status, version, spans, adjudicatedAt, noVital } = r.data;
      setGold((g) => ({ ...g, status, version, spans, adjudicatedAt, noVital }));
    }
  };

  const reviewAnnotation = async (a: ReviewAnnotation, decision: "accept" | "reject", comment: string): Promise<string | null> => {
    setBusy(true);
    const r = await callApi(OPERATIONS.reviewAnnotation, {
      params: { id: a.id },
      body: { decision, version: a.version, ...(comment ? { comment } : {}) },
    });
    if (r.ok) {
      const now = new Date().toISOString();
      setAnnotations((list) =>
        list.map((x) =>
          x.id === a.id
            ? { ...x, status: r.data.status, version: r.data.version, reviewerEmail: me.email, reviewComment: comment || null, reviewedAt: now }
            : x,
        ),
      );
      await refreshGold();
    }
    setBusy(false);
    return r.ok ? null : failureMessage(r);
  };

  const saveGold = async (spans: ReviewSpan[], comment: string, noVital = false): Promise<string | null> => {
    setBusy(true);
    const r = await callApi(OPERATIONS.saveGold, {
      params: { id: pairId },
      body: { spans, version: gold.version, ...(comment ? { comment } : {}), ...(noVital ? { noVital: true } : {}) },
    });
    if (r.ok) {
      setGold({
        status: r.data.status,
        version: r.data.version,
        spans: r.data.spans,
        adjudicatedAt: new Date().toISOString(),
        adjudicatedBy: me.email,
        noVital: r.data.noVital,
      });
    }
    setBusy(false);
    return r.ok ? null : failureMessage(r);
  };

  const blockedReason = (a: ReviewAnnotation): string | null => {
    if (!canReview({ user: me, annotation: a })) return "This is your own annotation: someone else has to review it.";
    if (a.status !== "submitted") return `Only submitted annotations can be reviewed (this one is ${a.status.replace("_", " ")}).`;
    return null;
  };

  return (
    <div className="space-y-6">
      <CategoryStyles />
      <section className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Annotations ({annotations.length})</h2>
        {annotations.length === 0 ? (
          <p className="text-sm text-slate-500">Nobody has annotated this pair yet.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {annotations.map((a, i) => (
              <AnnotationCard
                key={a.id}
                annotation={{ ...a, votes: voting.has(a.id) }}
                index={i}
                busy={busy}
                blockedReason={blockedReason(a)}
                onReview={(decision, comment) => reviewAnnotation(a, decision, comment)}
              />
            ))}
          </div>
        )}
      </section>

      <section className="space-y-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Documents</h2>
        {documents.map((d) => (
          <DocumentView
            key={d.id}
            document={d}
            annotations={annotations}
            ticked={review.chosen}
            gold={gold.spans}
            highlight={highlight}
            onHighlight={setHighlight}
          />
        ))}
      </section>
      <GoldPanel documents={documents} review={review} gold={gold} busy={busy} onSave={saveGold} onHighlight={setHighlight} />
    </div>
  );
}
