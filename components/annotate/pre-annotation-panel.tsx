"use client";

import { useState } from "react";
import { CATEGORY_META } from "@/lib/spans/categories";
import { describeSkipped, type ModelSpanAcceptPlan, type SkippedModelUnit } from "@/lib/spans/plan-model-span-accept";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ClientSuggestion } from "./types";
import type { JudgeUnmatched } from "./use-judge";
import type { ModelSpanPreview } from "./use-span-actions";
import { Notice } from "@/components/ui/notice";

export type PreAnnotationPanelProps = {
  readOnly: boolean;
  threshold: number;
  /** The model gives token probabilities (baselines do not). */
  tokenLevel: boolean;
  /** What "Accept model spans" would add (null: nothing, the notice says why); shown for Confirm/Cancel first. */
  onAcceptModelSpans: () => ModelSpanPreview | null;
  judgeSuggestions: readonly ClientSuggestion[];
  acceptedSuggestions: ReadonlySet<string>;
  onAcceptSuggestions: (ids: string[]) => void;
  /** Run the LLM judge (model:run); null hides the button. */
  onRunJudge: (() => void) | null;
  /** Shown instead of the button (no judge server is configured). */
  judgeNotice?: string | null;
  judgeBusy: boolean;
  judgeMessage: string | null;
  unmatched: readonly JudgeUnmatched[];
};

/** Pre-annotation: the model's spans above the threshold and the LLM judge's suggestions, in bulk or one by one. */
export function PreAnnotationPanel(p: PreAnnotationPanelProps) {
  const pending = p.judgeSuggestions.filter((s) => !p.acceptedSuggestions.has(s.id));
  const [preview, setPreview] = useState<ModelSpanPreview | null>(null);
  return (
    <Card className="space-y-2" data-testid="pre-annotation">
      {preview && (
        <ModelSpanPreviewDialog
          plan={preview.plan}
          onConfirm={(extra) => {
            preview.confirm(extra);
            setPreview(null);
          }}
          onCancel={() => setPreview(null)}
        />
      )}
      <CardTitle>Pre-annotation</CardTitle>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="xs"
          onClick={() => setPreview(p.onAcceptModelSpans())}
          disabled={p.readOnly || !p.tokenLevel}
          data-testid="accept-model-spans"
        >
          Accept model spans ≥ {p.threshold.toFixed(2)}
        </Button>
        <Button
          variant="secondary"
          size="xs"
          onClick={() => p.onAcceptSuggestions(pending.map((s) => s.id))}
          disabled={p.readOnly || pending.length === 0}
          data-testid="accept-judge-all"
        >
          Accept all judge suggestions ({pending.length})
        </Button>
        {p.onRunJudge && (
          <Button variant="accent" size="xs" onClick={p.onRunJudge} disabled={p.judgeBusy} data-testid="run-judge">
            {p.judgeBusy ? "Running the judge…" : "Run LLM judge"}
          </Button>
        )}
      </div>
      {p.judgeNotice && (
        <Notice tone="warn" size="sm" testId="judge-not-configured" role="note">
          {p.judgeNotice}
        </Notice>
      )}
      {p.judgeMessage && (
        <p className="text-xs text-slate-700" data-testid="judge-message" role="status">
          {p.judgeMessage}
        </p>
      )}
      {p.unmatched.length > 0 && (
        <details className="text-xs" data-testid="judge-unmatched">
          <summary>
            {p.unmatched.length} judge quote{p.unmatched.length === 1 ? "" : "s"} not found in the text
          </summary>
          <ul className="mt-1 space-y-1">
            {p.unmatched.map((u, k) => (
              <li key={k}>
                {u.category}: &ldquo;{u.text.slice(0, 80)}&rdquo; — {u.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {p.judgeSuggestions.length > 0 && (
        <ul className="max-h-56 space-y-1 overflow-y-auto text-xs" data-testid="suggestion-list">
          {p.judgeSuggestions.map((s) => (
            <li key={s.id} className="flex items-start gap-2 rounded bg-slate-50 px-2 py-1" data-testid="suggestion-item" data-suggestion-id={s.id}>
              <span className="shrink-0 font-medium">{CATEGORY_META[s.category].label}</span>
              <span className="min-w-0 flex-1 truncate text-slate-600">&ldquo;{s.text}&rdquo;</span>
              {!p.readOnly && (
                <button
                  type="button"
                  disabled={p.acceptedSuggestions.has(s.id)}
                  onClick={() => p.onAcceptSuggestions([s.id])}
                  data-testid="suggestion-list-accept"
                  className="shrink-0 text-blue-700 hover:underline disabled:text-slate-400 disabled:no-underline"
                >
                  {p.acceptedSuggestions.has(s.id) ? "accepted" : "Accept"}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const PREVIEW_CHARS = 200;
const clip = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

/**
 * Before "Accept model spans" adds anything: the spans it will add, one per unit, and the kept units it leaves out
 * because the model tags them non-vital — each of which the annotator may tick in (the category head can be wrong).
 */
function ModelSpanPreviewDialog({
  plan,
  onConfirm,
  onCancel,
}: {
  plan: ModelSpanAcceptPlan;
  onConfirm: (extra: SkippedModelUnit[]) => void;
  onCancel: () => void;
}) {
  const [included, setIncluded] = useState<ReadonlySet<number>>(new Set());
  const extra = plan.skipped.filter((_, i) => included.has(i));
  const n = plan.spans.length + extra.length;
  const spans = `${n} vital span${n === 1 ? "" : "s"}`;
  const toggle = (i: number) =>
    setIncluded((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ConfirmDialog
      title={n > 0 ? `Add ${spans}?` : "Nothing tagged vital"}
      titleId="accept-model-spans-title"
      testId="accept-model-spans-preview"
      confirmLabel={n > 0 ? `Add ${spans}` : "Close"}
      confirmTestId="accept-model-spans-confirm"
      cancelTestId="accept-model-spans-cancel"
      initialFocus="confirm"
      onConfirm={() => (n > 0 ? onConfirm(extra) : onCancel())}
      onCancel={onCancel}
    >
      <p data-testid="accept-model-spans-summary">
        One span per unit the selection keeps at p ≥ {plan.threshold.toFixed(2)} that the model&apos;s categories tag vital
        {plan.already > 0 ? ` (${plan.already} already in your annotation)` : ""}. Undo removes them all.
      </p>
      <ol className="max-h-56 list-decimal space-y-1 overflow-y-auto pl-5 text-xs" data-testid="accept-model-spans-list">
        {plan.spans.map((s) => (
          <li
            key={`${s.documentId}:${s.start}`}
            data-testid="accept-model-spans-item"
            data-document-id={s.documentId}
            data-start={s.start}
            data-end={s.end}
          >
            <span className="text-slate-800" title={s.text}>
              {clip(s.text)}
            </span>
            {s.score !== undefined && <span className="ml-1 font-mono text-slate-500">p {s.score.toFixed(2)}</span>}
          </li>
        ))}
      </ol>
      {plan.skipped.length > 0 && (
        <details className="text-xs" data-testid="accept-model-spans-skipped" open={plan.spans.length === 0}>
          <summary className="cursor-pointer">
            Left out: {plan.skipped.length} kept unit{plan.skipped.length === 1 ? "" : "s"} the model tags non-vital ({describeSkipped(plan.skipped)}
            ); tick any that are vital
          </summary>
          <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {plan.skipped.map((s, i) => (
              <li
                key={`${s.documentId}:${s.start}`}
                data-testid="accept-model-spans-skipped-item"
                data-category={s.category}
                data-document-id={s.documentId}
              >
                <label className="flex gap-2">
                  <input type="checkbox" checked={included.has(i)} onChange={() => toggle(i)} data-testid="accept-model-spans-include" />
                  <span className="shrink-0 font-medium">{CATEGORY_META[s.category].label}</span>
                  <span className="min-w-0 text-slate-600" title={s.text}>
                    {clip(s.text)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </details>
      )}
    </ConfirmDialog>
  );
}
