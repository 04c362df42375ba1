"use client";

import type { ContentFormat, DraftResult } from "./types";

interface Props {
  drafts: DraftResult[];
  active: number;
  onActive: (i: number) => void;
  onChange: (drafts: DraftResult[]) => void;
}

let nextKey = 0;
export const newDraft = (format: ContentFormat = "text"): DraftResult => ({ key: `d${nextKey++}`, format, content: "" });

/** The result set being compressed: one tab per page, each text or HTML. */
export function ResultsEditor({ drafts, active, onActive, onChange }: Props) {
  const cur = drafts[active] ?? drafts[0];
  const update = (patch: Partial<DraftResult>) => onChange(drafts.map((d, i) => (i === active ? { ...d, ...patch } : d)));
  return (
    <div className="space-y-2" data-testid="results-editor">
      <div className="flex flex-wrap items-center gap-1">
        {drafts.map((d, i) => (
          <button
            key={d.key}
            type="button"
            onClick={() => onActive(i)}
            className={`max-w-48 truncate rounded-t-md border-b-2 px-3 py-1 text-xs ${
              i === active ? "border-blue-700 font-semibold text-slate-900" : "border-transparent text-slate-500 hover:text-slate-800"
            }`}
            data-testid={`result-tab-${i}`}
          >
            {d.title || `Result ${i + 1}`}
          </button>
        ))}
        <button
          type="button"
          onClick={() => {
            onChange([...drafts, newDraft()]);
            onActive(drafts.length);
          }}
          disabled={drafts.length >= 100}
          className="px-2 py-1 text-xs text-blue-800 hover:underline disabled:opacity-40"
          data-testid="add-result"
        >
          + add result
        </button>
        {drafts.length > 1 && (
          <button
            type="button"
            onClick={() => {
              onChange(drafts.filter((_, i) => i !== active));
              onActive(Math.max(0, active - 1));
            }}
            className="px-2 py-1 text-xs text-slate-500 hover:text-red-700 hover:underline"
            data-testid="remove-result"
          >
            remove this one
          </button>
        )}
      </div>
      {cur && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex text-xs" role="radiogroup" aria-label="Content format">
              {(["text", "html"] as ContentFormat[]).map((f) => (
                <button
                  key={f}
                  type="button"
                  role="radio"
                  aria-checked={cur.format === f}
                  onClick={() => update({ format: f })}
                  className={`border border-slate-300 px-2.5 py-1 first:rounded-l-md last:rounded-r-md ${
                    cur.format === f ? "bg-slate-800 text-white" : "bg-white text-slate-700 hover:bg-slate-50"
                  }`}
                  data-testid={`format-${f}`}
                >
                  {f === "text" ? "Text" : "HTML"}
                </button>
              ))}
            </div>
            <input
              value={cur.title ?? ""}
              onChange={(e) => update({ title: e.target.value || undefined })}
              placeholder="title (optional)"
              className="min-w-40 flex-1 rounded-md border border-slate-300 px-2 py-1 text-xs"
              data-testid="title-input"
            />
            <input
              value={cur.url ?? ""}
              onChange={(e) => update({ url: e.target.value || undefined })}
              placeholder="url (optional)"
              className="min-w-40 flex-1 rounded-md border border-slate-300 px-2 py-1 text-xs"
            />
          </div>
          <textarea
            value={cur.content}
            onChange={(e) => update({ content: e.target.value })}
            placeholder={cur.format === "html" ? "Paste the page's HTML" : "Paste the page's text (blank lines separate paragraphs)"}
            rows={8}
            spellCheck={false}
            className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs leading-5"
            data-testid="content-input"
          />
        </>
      )}
    </div>
  );
}
