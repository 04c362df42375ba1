"use client";

import { useMemo, useState } from "react";
import { buildReviewRegions, chosenGoldSpans, type ReviewRegion } from "@/lib/spans/review/build-review-regions";
import { reviewVoters } from "@/lib/spans/review/review-voters";
import type { ChosenSpan, ReviewAnnotation, ReviewDocument, ReviewGold, ReviewSuggestionLayer } from "./types";

export type ReviewRegionsState = {
  regions: ReviewRegion[];
  /** The version chosen per region (its key), or null for none. */
  choiceOf: (region: ReviewRegion) => string | null;
  choose: (region: ReviewRegion, versionKey: string | null) => void;
  /** Forget the reviewer's choices (after a save: the new gold is the default). */
  reset: () => void;
  /** What Save gold would write. */
  chosen: ChosenSpan[];
  /** Saved gold spans the current choice would not keep (by offsets and category). */
  dropped: ReviewGold["spans"];
  /** Voter labels by id, for the version rows. */
  labels: ReadonlyMap<string, string>;
};

/**
 * The review's regions, recomputed from the live annotation statuses and gold: accepting or rejecting an annotation
 * changes who votes at once, and the counts follow. The reviewer's explicit choices survive as long as their region does.
 */
export function useReviewRegions(o: {
  documents: readonly ReviewDocument[];
  annotations: readonly ReviewAnnotation[];
  gold: ReviewGold;
  suggestions: readonly ReviewSuggestionLayer[];
}): ReviewRegionsState {
  const { documents, annotations, gold, suggestions } = o;
  const texts = useMemo(() => new Map(documents.map((d) => [d.id, d.text])), [documents]);
  const voters = useMemo(
    () =>
      reviewVoters({
        annotations: annotations.map((a) => ({ id: a.id, label: a.annotatorEmail, status: a.status, spans: a.spans })),
        gold: gold.spans,
        suggestions,
      }),
    [annotations, gold.spans, suggestions],
  );
  const regions = useMemo(() => buildReviewRegions({ voters, texts }), [voters, texts]);
  const [choices, setChoices] = useState<ReadonlyMap<string, string | null>>(new Map());
  const chosen = useMemo(
    () => chosenGoldSpans(regions, choices).map((s) => ({ ...s, key: `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}` })),
    [regions, choices],
  );
  const dropped = useMemo(() => {
    const keep = new Set(chosen.map((c) => c.key));
    return gold.spans.filter((s) => !keep.has(`${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`));
  }, [chosen, gold.spans]);
  const labels = useMemo(() => new Map(voters.map((v) => [v.id, v.label])), [voters]);
  const choiceOf = (r: ReviewRegion) => {
    const c = choices.has(r.key) ? choices.get(r.key)! : r.defaultVersion;
    if (c === null) return null;
    // A version whose voter was rejected since it was picked: back to the region's default (as chosenGoldSpans does).
    return r.versions.some((v) => v.key === c) ? c : r.defaultVersion;
  };
  const choose = (r: ReviewRegion, versionKey: string | null) => setChoices((prev) => new Map(prev).set(r.key, versionKey));
  return { regions, choiceOf, choose, reset: () => setChoices(new Map()), chosen, dropped, labels };
}
