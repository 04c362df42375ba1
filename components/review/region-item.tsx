"use client";

import type { ReviewRegion } from "@/lib/spans/review/build-review-regions";
import { CategoryChip } from "./category-chip";
import type { ReviewSpan } from "./types";

type Props = {
  region: ReviewRegion;
  docTitle: string;
  chosen: string | null;
  labels: ReadonlyMap<string, string>;
  busy: boolean;
  onChoose: (versionKey: string | null) => void;
  onEdit: (edge: "start" | "end", direction: -1 | 1) => void;
  onHighlight: (span: ReviewSpan) => void;
};

/** How a region stands: everyone drew the same, gold reads it, people disagree, or too few drew it. */
export function regionState(r: ReviewRegion): "agreed" | "gold" | "disputed" | "minority" {
  if (r.agreed) return "agreed";
  if (r.versions.some((v) => v.fromGold)) return "gold";
  return r.defaultVersion === null && r.versions.length === 1 ? "minority" : r.versions.length > 1 ? "disputed" : "agreed";
}

const STATE_LABEL = {
  agreed: "all annotators agree",
  gold: "current gold",
  disputed: "versions differ: pick one",
  minority: "too few annotators",
} as const;

/** One region: its competing versions (what each voter drew there) as radio choices, plus "leave out". */
export function RegionItem({ region: r, docTitle, chosen, labels, busy, onChoose, onEdit, onHighlight }: Props) {
  const state = regionState(r);
  const editable = r.versions.find((v) => v.key === chosen)?.spans.length === 1;
  const name = `region-${r.key}`;
  return (
    <li
      className="space-y-1 py-2"
      data-testid="review-region"
      data-state={state}
      data-category={r.category}
      data-chosen={chosen === null ? "none" : String(r.versions.findIndex((v) => v.key === chosen))}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <CategoryChip category={r.category} />
        <span>{docTitle}</span>
        <span className={state === "disputed" ? "font-medium text-amber-800" : undefined}>{STATE_LABEL[state]}</span>
      </div>
      <fieldset className="space-y-1" disabled={busy}>
        <legend className="sr-only">Versions of this region</legend>
        {r.versions.map((v) => (
          <label
            key={v.key}
            className="flex items-start gap-2"
            data-testid="region-version"
            data-from-gold={v.fromGold ? "1" : "0"}
            data-votes={v.votes}
          >
            <input
              type="radio"
              name={name}
              checked={chosen === v.key}
              onChange={() => onChoose(v.key)}
              className="mt-1"
              data-testid="region-version-choice"
            />
            <span className="min-w-0 flex-1">
              <button type="button" onClick={() => onHighlight(v.spans[0]!)} className="text-left text-sm text-slate-800 hover:underline">
                {v.spans.map((s) => `“${s.text}”`).join(" + ")}
              </button>
              <span className="block text-xs text-slate-500">
                {v.voters.map((id) => labels.get(id) ?? id).join(", ")}
                {v.votes > 0 && ` · ${Math.round(v.share * 100)}% of voting annotators`}
                {v.held && " · only punctuation: not pre-chosen"}
              </span>
            </span>
          </label>
        ))}
        <label className="flex items-center gap-2 text-xs text-slate-600">
          <input type="radio" name={name} checked={chosen === null} onChange={() => onChoose(null)} data-testid="region-leave-out" />
          Leave out of gold
        </label>
        {editable && (
          <div className="flex flex-wrap items-center gap-1 text-xs text-slate-600" data-testid="region-edit">
            <span>Edit the chosen version by a word:</span>
            <EdgeButton label="start ◀" title="Take in the word before" onClick={() => onEdit("start", -1)} testId="region-edit-start-left" />
            <EdgeButton label="start ▶" title="Give back the first word" onClick={() => onEdit("start", 1)} testId="region-edit-start-right" />
            <EdgeButton label="◀ end" title="Give back the last word" onClick={() => onEdit("end", -1)} testId="region-edit-end-left" />
            <EdgeButton label="▶ end" title="Take in the next word" onClick={() => onEdit("end", 1)} testId="region-edit-end-right" />
          </div>
        )}
      </fieldset>
    </li>
  );
}

function EdgeButton({ label, title, onClick, testId }: { label: string; title: string; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      title={title}
      onClick={onClick}
      className="rounded border border-slate-300 px-1.5 py-0.5 hover:bg-slate-50"
      data-testid={testId}
    >
      {label}
    </button>
  );
}
