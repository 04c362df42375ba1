"use client";

import { useEffect, useRef } from "react";
import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { CategorySwatch } from "./category-styles";
import type { ClientSuggestion, EditorSpan, Mark } from "./types";
import type { StoredSpan } from "@/lib/schemas/spans";

interface Props {
  x: number;
  y: number;
  marks: Mark[];
  mine: ReadonlyMap<string, EditorSpan>;
  gold: ReadonlyMap<string, StoredSpan>;
  suggestions: ReadonlyMap<string, ClientSuggestion>;
  /** Suggestion ids already copied into my spans. */
  acceptedSuggestions: ReadonlySet<string>;
  readOnly: boolean;
  onRecategorize: (span: EditorSpan, category: SpanCategory) => void;
  onDelete: (id: string) => void;
  onAccept: (suggestionId: string) => void;
  onClose: () => void;
}

const excerpt = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** What a click on marks opens: change the category of / delete my spans, accept a suggestion, read gold. */
export function SpanPopover(p: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) p.onClose();
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && p.onClose();
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [p]);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("button")?.focus();
  }, []);

  const left = Math.min(p.x, (typeof window !== "undefined" ? window.innerWidth : 1200) - 330);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Span"
      data-testid="span-popover"
      className="fixed z-[60] w-80 space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xl"
      style={{ left: Math.max(8, left), top: p.y + 10 }}
    >
      {p.marks.map((m) => {
        if (m.layer === "mine") {
          const span = p.mine.get(m.id);
          if (!span) return null;
          return (
            <div key={m.key} className="space-y-2" data-testid="popover-span" data-span-id={m.id}>
              <div className="flex items-center gap-2">
                <CategorySwatch category={span.category} />
                <span className="font-medium">{CATEGORY_META[span.category].label}</span>
                <span className="text-xs text-slate-500">mine{span.score !== undefined ? ` · score ${span.score.toFixed(2)}` : ""}</span>
              </div>
              <p className="text-xs text-slate-600">&ldquo;{excerpt(span.text)}&rdquo;</p>
              {!p.readOnly && (
                <div className="flex flex-wrap gap-1">
                  {SPAN_CATEGORIES.map((c) => (
                    <button
                      key={c}
                      type="button"
                      disabled={c === span.category}
                      onClick={() => p.onRecategorize(span, c)}
                      data-testid={`span-category-${c}`}
                      className="rounded border border-slate-300 px-1.5 py-0.5 text-xs hover:bg-slate-50 disabled:bg-slate-800 disabled:text-white"
                      title={`${CATEGORY_META[c].label} (key ${CATEGORY_META[c].key})`}
                    >
                      {CATEGORY_META[c].key} {CATEGORY_META[c].label}
                    </button>
                  ))}
                  <button
                    type="button"
                    onClick={() => p.onDelete(span.id)}
                    data-testid="span-delete"
                    className="rounded border border-red-300 px-1.5 py-0.5 text-xs text-red-800 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </div>
              )}
            </div>
          );
        }
        if (m.layer === "gold") {
          const g = p.gold.get(m.id);
          return (
            <div key={m.key} className="space-y-1" data-testid="popover-gold">
              <div className="flex items-center gap-2">
                <CategorySwatch category={m.category} layer="gold" />
                <span className="font-medium">{CATEGORY_META[m.category].label}</span>
                <span className="text-xs text-slate-500">gold</span>
              </div>
              {g && <p className="text-xs text-slate-600">&ldquo;{excerpt(g.text)}&rdquo;</p>}
            </div>
          );
        }
        const s = p.suggestions.get(m.id);
        const accepted = p.acceptedSuggestions.has(m.id);
        return (
          <div key={m.key} className="space-y-1" data-testid="popover-suggestion" data-suggestion-id={m.id}>
            <div className="flex items-center gap-2">
              <CategorySwatch category={m.category} layer="judge" />
              <span className="font-medium">{CATEGORY_META[m.category].label}</span>
              <span className="text-xs text-slate-500">
                {m.layer} suggestion{s?.modelName ? ` · ${s.modelName}` : ""}
                {s?.score !== undefined ? ` · ${s.score.toFixed(2)}` : ""}
              </span>
            </div>
            {s?.rationale && <p className="text-xs italic text-slate-600">{s.rationale}</p>}
            {!p.readOnly && (
              <button
                type="button"
                disabled={accepted}
                onClick={() => p.onAccept(m.id)}
                data-testid="suggestion-accept"
                className="rounded bg-blue-700 px-2 py-0.5 text-xs font-medium text-white hover:bg-blue-800 disabled:bg-slate-300"
              >
                {accepted ? "Accepted" : "Accept"}
              </button>
            )}
          </div>
        );
      })}
      <div className="flex justify-end">
        <button type="button" onClick={p.onClose} className="text-xs text-slate-500 hover:text-slate-800" data-testid="popover-close">
          Close
        </button>
      </div>
    </div>
  );
}
