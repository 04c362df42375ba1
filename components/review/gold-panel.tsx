"use client";

import { useState } from "react";
import { CategoryChip, fmtDate } from "./category-chip";
import { RegionItem } from "./region-item";
import type { ReviewRegionsState } from "./use-review-regions";
import type { ReviewDocument, ReviewGold, ReviewSpan } from "./types";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

type Props = {
  documents: ReviewDocument[];
  review: ReviewRegionsState;
  gold: ReviewGold;
  busy: boolean;
  /** `noVital`: the gold decision "nothing here is vital" (the spans then hold no vital one). */
  onSave: (spans: ReviewSpan[], comment: string, noVital?: boolean) => Promise<string | null>;
  onHighlight: (span: ReviewSpan) => void;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Adjudication over regions and versions: where spans of one category overlap, the reviewer sees each voter's version
 * and picks one (or none). The current gold is pre-chosen wherever it reads a region, so saving the defaults never
 * removes gold; elsewhere a strict majority's version is. Save gold writes the chosen versions; "Nothing here is
 * vital" saves the decision that no text is vital (with the chosen spans of other categories).
 */
export function GoldPanel({ documents, review, gold, busy, onSave, onHighlight }: Props) {
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const docTitle = new Map(documents.map((d) => [d.id, `#${d.position + 1}`]));
  const { regions, chosen, dropped } = review;
  const disputed = regions.filter((r) => r.versions.length > 1).length;

  const save = async (noVital = false) => {
    setError(null);
    setSaved(false);
    const list = noVital ? chosen.filter((c) => c.category !== "vital") : chosen;
    const problem = await onSave(
      list.map(({ documentId, start, end, text, category, exact }) => ({ documentId, start, end, text, category, ...(exact ? { exact } : {}) })),
      comment.trim(),
      noVital,
    );
    if (problem) setError(problem);
    else {
      setSaved(true);
      review.reset();
    }
  };

  return (
    <Card className="space-y-4" data-testid="gold-panel">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Adjudicate the gold version</h2>
        <p className="text-xs text-slate-600">
          Each region is where spans of one category overlap; its versions are what each annotator (and the current gold) drew there, on whole words.
          The current gold is chosen wherever it has a version; elsewhere the version a majority drew.
          {disputed > 0 && ` ${plural(disputed, "region")} with competing versions.`}
        </p>
      </div>

      {regions.length === 0 ? (
        <p className="text-sm text-slate-500">No spans to adjudicate yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="review-regions">
          {regions.map((r) => (
            <RegionItem
              key={r.key}
              region={r}
              docTitle={docTitle.get(r.documentId) ?? "?"}
              chosen={review.choiceOf(r)}
              labels={review.labels}
              busy={busy}
              onChoose={(v) => {
                setSaved(false);
                review.choose(r, v);
              }}
              onEdit={(edge, direction) => {
                setSaved(false);
                review.editEdge(r, edge, direction);
              }}
              onHighlight={onHighlight}
            />
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
      {dropped.length > 0 && (
        <Notice tone="warn" size="sm" role="status" testId="save-gold-drops">
          Saving this removes {plural(dropped.length, "current gold span")}:{" "}
          {dropped.map((s) => `“${s.text.length > 40 ? `${s.text.slice(0, 37)}…` : s.text}”`).join(", ")}.
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => void save()} disabled={busy || chosen.length === 0} data-testid="save-gold">
          Save gold ({plural(chosen.length, "span")})
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void save(true)}
          disabled={busy}
          title="Gold with zero vital spans: the results do not answer the query (chosen spans of other categories are kept)"
          data-testid="save-gold-no-vital"
        >
          Nothing here is vital
        </Button>
        {chosen.length === 0 && (
          <span className="text-xs text-slate-600">
            Choose at least one version, or record that nothing here is vital; to send the work back, reject the annotations instead.
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
          <Notice tone="warn" size="sm" testId="gold-no-vital">
            Gold decision: nothing here is vital (zero vital spans).
          </Notice>
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
