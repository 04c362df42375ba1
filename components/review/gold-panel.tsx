"use client";

import { useState } from "react";
import { CategoryChip, fmtDate } from "./category-chip";
import type { ReviewCandidate, ReviewDocument, ReviewGold, ReviewSpan } from "./types";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";

type Props = {
  documents: ReviewDocument[];
  candidates: ReviewCandidate[];
  /** Keys of the ticked candidates (kept by the review workspace: the documents' gold panes draw them). */
  included: ReadonlySet<string>;
  onToggle: (key: string) => void;
  gold: ReviewGold;
  busy: boolean;
  /** `noVital`: the gold decision "nothing here is vital" (the spans then hold no vital one). */
  onSave: (spans: ReviewSpan[], comment: string, noVital?: boolean) => Promise<string | null>;
  onHighlight: (span: ReviewSpan) => void;
};

const KIND_LABEL: Record<ReviewCandidate["kind"], string> = {
  majority: "majority",
  minority: "minority",
  current: "current gold",
};

/**
 * Adjudication: candidates from every annotation (majority runs ticked unless only punctuation or a word fragment,
 * minority regions not; spans of the current gold that no candidate covers are listed ticked), Save gold writes the
 * ticked ones as the pair's gold version; "Nothing here is vital" saves the decision that no text is vital (with the
 * ticked spans of other categories).
 */
export function GoldPanel({ documents, candidates, included, onToggle, gold, busy, onSave, onHighlight }: Props) {
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const docTitle = new Map(documents.map((d) => [d.id, `#${d.position + 1}`]));
  const chosen = candidates.filter((c) => included.has(c.key));

  const toggle = (key: string) => {
    setSaved(false);
    onToggle(key);
  };

  // "Nothing here is vital" keeps the ticked boilerplate labels and drops the vital ones.
  const keptWithoutVital = chosen.filter((c) => c.category !== "vital");
  const save = async (noVital = false) => {
    setError(null);
    setSaved(false);
    const problem = await onSave(
      (noVital ? keptWithoutVital : chosen).map(({ documentId, start, end, text, category }) => ({ documentId, start, end, text, category })),
      comment.trim(),
      noVital,
    );
    if (problem) setError(problem);
    else setSaved(true);
  };

  return (
    <Card className="space-y-4" data-testid="gold-panel">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Adjudicate the gold version</h2>
        <p className="text-xs text-slate-600">
          Candidates merge every voting annotation character by character: runs a majority marked are ticked, regions only some marked are not.
        </p>
      </div>

      {candidates.length === 0 ? (
        <p className="text-sm text-slate-500">No spans to adjudicate yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="gold-candidates">
          {candidates.map((c) => (
            <li
              key={c.key}
              className="flex items-start gap-3 py-1.5"
              data-testid="gold-candidate"
              data-kind={c.kind}
              data-included={included.has(c.key) ? "1" : "0"}
            >
              <input
                type="checkbox"
                checked={included.has(c.key)}
                onChange={() => toggle(c.key)}
                disabled={busy}
                aria-label={`Include “${c.text}” as ${c.category}`}
                className="mt-1"
                data-testid="gold-candidate-toggle"
              />
              <div className="min-w-0 flex-1 space-y-0.5">
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <CategoryChip category={c.category} />
                  <span>{docTitle.get(c.documentId) ?? "?"}</span>
                  <span>
                    {KIND_LABEL[c.kind]}
                    {c.kind !== "current" && ` · ${Math.round(c.share * 100)}% of annotators`}
                    {c.annotators.length > 0 && ` · ${c.annotators.join(", ")}`}
                    {"held" in c && c.held && ` · not ticked: ${c.held === "fragment" ? "starts or ends inside a word" : "only punctuation"}`}
                  </span>
                </div>
                <button type="button" onClick={() => onHighlight(c)} className="line-clamp-2 text-left text-slate-800 hover:underline">
                  “{c.text}”
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <label className="block space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Adjudication note (optional)</span>
        <input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          disabled={busy}
          className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          data-testid="gold-comment"
        />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => void save()} disabled={busy || chosen.length === 0} data-testid="save-gold">
          Save gold ({chosen.length} span{chosen.length === 1 ? "" : "s"})
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void save(true)}
          disabled={busy}
          title="Gold with zero vital spans: the results do not answer the query (ticked spans of other categories are kept)"
          data-testid="save-gold-no-vital"
        >
          Nothing here is vital
        </Button>
        {chosen.length === 0 && (
          <span className="text-xs text-slate-600">
            Tick at least one span, or record that nothing here is vital; to send the work back, reject the annotations instead.
          </span>
        )}
        {saved && (
          <span className="text-xs text-green-800" role="status" data-testid="save-gold-done">
            Gold saved.
          </span>
        )}
        {error && (
          <span className="text-xs text-red-700" role="alert" data-testid="save-gold-error">
            {error}
          </span>
        )}
      </div>

      <div className="space-y-1 border-t border-slate-100 pt-3">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Current gold</h3>
        <p className="text-xs text-slate-500">
          {gold.adjudicatedAt ? `Saved by ${gold.adjudicatedBy ?? "a removed user"} at ${fmtDate(gold.adjudicatedAt)} UTC.` : "Not adjudicated yet."}
        </p>
        {gold.noVital && (
          <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="gold-no-vital">
            Gold decision: nothing here is vital (zero vital spans).
          </p>
        )}
        <ul className="space-y-1 text-sm" data-testid="gold-spans">
          {gold.spans.length === 0 && <li className="text-slate-500">No gold spans.</li>}
          {gold.spans.map((s) => (
            <li key={s.id} className="flex items-start gap-2" data-testid="gold-span" data-category={s.category}>
              <CategoryChip category={s.category} />
              <span className="text-xs text-slate-500">{docTitle.get(s.documentId) ?? "?"}</span>
              <span className="text-slate-800">“{s.text}”</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
