"use client";

import { useMemo, useState } from "react";
import {
  buildReviewRegions,
  chosenGoldSpans,
  type RegionVersion,
  type ReviewRegion,
  type VersionSpan,
} from "@/lib/spans/review/build-review-regions";
import { moveSpanEdge } from "@/lib/spans/review/move-span-edge";
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
  /** Moves an edge of the region's chosen (single-span) version by one word; the result is the reviewer's own version, chosen. */
  editEdge: (region: ReviewRegion, edge: "start" | "end", direction: -1 | 1) => void;
};

/** Voter id of the reviewer's edited versions. */
export const REVIEWER_EDIT = "reviewer-edit";

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
  const built = useMemo(() => buildReviewRegions({ voters, texts }), [voters, texts]);
  // A reviewer's edit is one more version of its region (never a change to what a voter drew).
  const [edits, setEdits] = useState<ReadonlyMap<string, VersionSpan[]>>(new Map());
  const regions = useMemo(
    () =>
      built.map((r) => {
        const spans = edits.get(r.key);
        if (!spans) return r;
        const edited: RegionVersion = { key: `${r.key}\u0000edited`, spans, voters: [REVIEWER_EDIT], votes: 0, share: 0, fromGold: false };
        return { ...r, versions: [...r.versions, edited] };
      }),
    [built, edits],
  );
  const [choices, setChoices] = useState<ReadonlyMap<string, string | null>>(new Map());
  const chosen = useMemo(
    () => chosenGoldSpans(regions, choices).map((s) => ({ ...s, key: `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}` })),
    [regions, choices],
  );
  const dropped = useMemo(() => {
    const keep = new Set(chosen.map((c) => c.key));
    return gold.spans.filter((s) => !keep.has(`${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`));
  }, [chosen, gold.spans]);
  const labels = useMemo(() => new Map([...voters.map((v) => [v.id, v.label] as const), [REVIEWER_EDIT, "your edit"]]), [voters]);
  const choiceOf = (r: ReviewRegion) => {
    const c = choices.has(r.key) ? choices.get(r.key)! : r.defaultVersion;
    if (c === null) return null;
    // A version whose voter was rejected since it was picked: back to the region's default (as chosenGoldSpans does).
    return r.versions.some((v) => v.key === c) ? c : r.defaultVersion;
  };
  const choose = (r: ReviewRegion, versionKey: string | null) => setChoices((prev) => new Map(prev).set(r.key, versionKey));
  const editEdge = (r: ReviewRegion, edge: "start" | "end", direction: -1 | 1) => {
    const version = r.versions.find((v) => v.key === choiceOf(r));
    const span = version?.spans.length === 1 ? version.spans[0]! : undefined;
    const text = texts.get(r.documentId);
    if (!span || text === undefined) return;
    const moved = moveSpanEdge({ text, start: span.start, end: span.end, edge, direction });
    if (moved.start === span.start && moved.end === span.end) return;
    // Moved by a person, one whole word at a time: no longer an exact (Alt) placement.
    setEdits((prev) => new Map(prev).set(r.key, [{ documentId: span.documentId, category: span.category, ...moved }]));
    setChoices((prev) => new Map(prev).set(r.key, `${r.key}\u0000edited`));
  };
  const reset = () => {
    setChoices(new Map());
    setEdits(new Map());
  };
  return { regions, choiceOf, choose, reset, chosen, dropped, labels, editEdge };
}
