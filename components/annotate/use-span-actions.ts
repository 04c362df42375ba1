"use client";

import { plural } from "@/lib/plural";
import { useCallback } from "react";
import type { LiveSelection } from "@/components/heatmap/use-live-selection";
import type { PairScoresOut } from "@/lib/schemas/scoring";
import type { SpanEdit } from "@/lib/spans/apply-span-edit";
import type { SpanCategory } from "@/lib/spans/categories";
import { planModelSpanAccept, type ModelSpanAcceptPlan, type SkippedModelUnit } from "@/lib/spans/plan-model-span-accept";
import { snapSelection } from "@/lib/spans/snap-selection";
import { snapSpanToWords } from "@/lib/spans/word-edges";
import type { DocSelection } from "./dom-offsets";
import { newTmpId } from "./new-tmp-id";
import type { EditorSpan } from "./types";

/** What "Accept model spans" would add, shown before it adds it; `confirm` adds it. */
/** `confirm(extra)`: adds the plan's spans plus the left-out units the annotator ticked in the preview (as vital). */
export type ModelSpanPreview = { plan: ModelSpanAcceptPlan; confirm: (extra?: readonly SkippedModelUnit[]) => void };

export interface UseSpanActionsOptions {
  readOnly: boolean;
  /** Each document's text by id. */
  texts: ReadonlyMap<string, string>;
  scores: PairScoresOut | null;
  live: LiveSelection | null;
  threshold: number;
  /** My annotation's spans. */
  spans: readonly EditorSpan[];
  edit: (e: SpanEdit) => void;
  setNotice: (notice: string) => void;
  /** After a span was made from the selection (the selection menu closes). */
  onCreated: () => void;
}

/** What turns text into spans of my annotation: a selection (snapped to tokens or words) and the model's spans. */
export function useSpanActions({ readOnly, texts, scores, live, threshold, spans, edit, setNotice, onCreated }: UseSpanActionsOptions) {
  const createSpan = useCallback(
    (sel: DocSelection, category: SpanCategory, exact: boolean) => {
      if (readOnly) return;
      const text = texts.get(sel.documentId);
      if (text === undefined) return;
      const index = scores ? scores.results.findIndex((x) => x.id === sel.documentId) : -1;
      const tokens = index >= 0 ? live?.tokenScores[index] : undefined;
      const range = snapSelection({ text, start: sel.start, end: sel.end, exact, tokens });
      if (!range) return;
      // Sub-word tokens ("##ch" of fetch) are no span edges: only an Alt-selection keeps characters inside a word.
      const snapped = exact ? range : snapSpanToWords({ text, start: range.start, end: range.end });
      const span: EditorSpan = {
        id: newTmpId(),
        documentId: sel.documentId,
        ...snapped,
        category,
        source: "human",
        ...(exact ? { exact: true } : {}),
      };
      edit({ type: "add", span });
      window.getSelection()?.removeAllRanges();
      onCreated();
    },
    [readOnly, texts, scores, live, edit, onCreated],
  );

  /**
   * "Accept model spans ≥ threshold", first step: what it would add (the units the selection keeps at the current
   * threshold that the model tags vital) and what it leaves out. Null when there is nothing to add (the notice says
   * why); otherwise `confirm` adds the spans as mine (one undo step).
   */
  const acceptModelSpans = (): ModelSpanPreview | null => {
    if (!scores || !live) return null;
    const plan = planModelSpanAccept({
      results: scores.results.map((r, i) => ({ id: r.id, text: r.text, units: live.selectable[i]?.units ?? [], tokens: live.tokenScores[i] })),
      // Only a token model's results: baselines have unit scores but no model spans to accept.
      keptUnits: live.selection.results.map((s, i) => (live.tokenScores[i] ? s.keptUnits : undefined)),
      unitScores: live.unitScores,
      threshold,
      existing: spans,
    });
    // Nothing new to add: the notice says why. Left-out units alone (nothing accepted yet) still open the preview, where
    // the annotator may tick any of them in (the category head can be wrong; it is a person's call).
    if (plan.spans.length === 0 && (plan.skipped.length === 0 || plan.already > 0)) {
      setNotice(plan.notice);
      return null;
    }
    return {
      plan,
      confirm: (extra = []) => {
        const added = [
          ...plan.spans,
          ...extra.map(({ documentId, start, end, text, score }) => ({
            documentId,
            start,
            end,
            text,
            category: "vital" as const,
            ...(score !== undefined ? { score } : {}),
          })),
        ];
        if (added.length === 0) return;
        edit({ type: "batch", edits: added.map((s) => ({ type: "add" as const, span: { ...s, id: newTmpId(), source: "human" as const } })) });
        const left = plan.skipped.length - extra.length;
        setNotice(
          `Added ${plural(added.length, "model span")} (p ≥ ${plan.threshold.toFixed(2)}).${left > 0 ? ` Left out ${plural(left, "unit")} the model tags non-vital.` : ""}`,
        );
      },
    };
  };

  return { createSpan, acceptModelSpans };
}
