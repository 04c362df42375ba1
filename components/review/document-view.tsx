"use client";

import { useEffect, useRef } from "react";
import { CATEGORY_META } from "@/lib/spans/categories";
import { ANNOTATOR_COLORS, CategoryChip } from "./category-chip";
import type { ReviewAnnotation, ReviewDocument, ReviewSpan } from "./types";

type Props = {
  document: ReviewDocument;
  annotations: ReviewAnnotation[];
  /** Highlighted range (a clicked span or candidate), if in this document. */
  highlight: ReviewSpan | null;
  onHighlight: (span: ReviewSpan | null) => void;
};

/**
 * One document's canonical text, and one row per annotator listing their spans in it. Clicking a span marks its
 * range in the text (so long documents do not need one copy of the text per annotator).
 */
export function DocumentView({ document: doc, annotations, highlight, onHighlight }: Props) {
  const mark = highlight && highlight.documentId === doc.id ? highlight : null;
  const markRef = useRef<HTMLElement>(null);
  // Scroll only when the highlighted range changes, not on every re-render (reviews re-render the page).
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: "nearest" });
  }, [mark?.start, mark?.end, mark?.category]);
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="review-document" data-document-id={doc.id}>
      <header className="border-b border-slate-100 px-4 py-2">
        <h3 className="text-sm font-semibold text-slate-900">
          #{doc.position + 1} {doc.title ?? "(untitled)"}
        </h3>
        {doc.url && <p className="truncate text-xs text-slate-500">{doc.url}</p>}
      </header>
      <div className="max-h-80 overflow-y-auto whitespace-pre-wrap px-4 py-3 font-serif text-sm leading-relaxed text-slate-800" data-testid="review-doc-text">
        {mark ? (
          <>
            {doc.text.slice(0, mark.start)}
            <mark
              className="rounded-sm bg-yellow-100 px-0.5 underline decoration-2 underline-offset-2"
              style={{ textDecorationColor: CATEGORY_META[mark.category].color }}
              ref={markRef}
            >
              {doc.text.slice(mark.start, mark.end)}
            </mark>
            {doc.text.slice(mark.end)}
          </>
        ) : (
          doc.text
        )}
      </div>
      <table className="min-w-full divide-y divide-slate-100 border-t border-slate-100 text-sm">
        <tbody>
          {annotations.map((a, i) => {
            const spans = a.spans.filter((s) => s.documentId === doc.id);
            const color = ANNOTATOR_COLORS[i % ANNOTATOR_COLORS.length];
            return (
              <tr key={a.id} data-testid="annotator-row" data-annotator-email={a.annotatorEmail}>
                <th scope="row" className="w-56 px-3 py-2 text-left align-top text-xs font-medium text-slate-700" style={{ borderLeft: `4px solid ${color}` }}>
                  {a.annotatorEmail}
                  <span className="block font-normal text-slate-500">{spans.length} span{spans.length === 1 ? "" : "s"}</span>
                </th>
                <td className="px-3 py-2">
                  {spans.length === 0 ? (
                    <span className="text-xs text-slate-400">no spans in this document</span>
                  ) : (
                    <ul className="flex flex-wrap gap-2">
                      {spans.map((s, j) => (
                        <li key={s.id ?? j}>
                          <button
                            type="button"
                            onClick={() => onHighlight(mark && mark.start === s.start && mark.end === s.end && mark.category === s.category ? null : s)}
                            className="flex max-w-md items-start gap-1 rounded px-1 text-left text-xs hover:bg-slate-50"
                            data-testid="review-span"
                            data-category={s.category}
                          >
                            <CategoryChip category={s.category} />
                            <span className="line-clamp-2 text-slate-700">“{s.text}”</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
