import { CATEGORY_META } from "@/lib/spans/categories";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { ClientSuggestion } from "./types";
import type { JudgeUnmatched } from "./use-judge";

export type PreAnnotationPanelProps = {
  readOnly: boolean;
  threshold: number;
  /** The model gives token probabilities (baselines do not). */
  tokenLevel: boolean;
  onAcceptModelSpans: () => void;
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
  return (
    <Card className="space-y-2" data-testid="pre-annotation">
      <CardTitle>Pre-annotation</CardTitle>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="xs" onClick={p.onAcceptModelSpans} disabled={p.readOnly || !p.tokenLevel} data-testid="accept-model-spans">
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
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-950" data-testid="judge-not-configured" role="note">
          {p.judgeNotice}
        </p>
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
