"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import type { MarkActivation } from "@/components/annotate/annotated-heatmap";
import { UnscoredHeatmap } from "@/components/annotate/unscored-heatmap";
import { CategorySwatch } from "@/components/annotate/category-styles";
import type { Mark } from "@/components/annotate/types";
import { StatusBadge } from "@/components/ui/status-badge";
import { ANNOTATOR_COLORS, CategoryChip } from "./category-chip";
import { annotatorPaneMarks, focusMark, goldPaneMarks } from "./review-marks";
import type { ChosenSpan, ReviewAnnotation, ReviewDocument, ReviewGold, ReviewSpan } from "./types";
import { Card } from "@/components/ui/card";

type Props = {
  document: ReviewDocument;
  annotations: ReviewAnnotation[];
  /** The chosen versions' spans: what Save gold would write. */
  ticked: ChosenSpan[];
  gold: ReviewGold["spans"];
  /** Highlighted range (a clicked span or candidate), if in this document. */
  highlight: ReviewSpan | null;
  onHighlight: (span: ReviewSpan | null) => void;
};

const same = (a: ReviewSpan | null, b: { start: number; end: number; category: string }) =>
  !!a && a.start === b.start && a.end === b.end && a.category === b.category;

const noop = () => {};

/**
 * One document as the workspace renders it (blocks, regions, category colours and line styles), once per annotator
 * side by side, plus the gold being adjudicated. Ranges only one annotator marked (per category) are boxed; clicking
 * a mark highlights the same range in every pane; the panes scroll together.
 */
export function DocumentView({ document: doc, annotations, ticked, gold, highlight, onHighlight }: Props) {
  const perAnnotator = useMemo(() => annotatorPaneMarks(annotations, doc.id), [annotations, doc.id]);
  const goldMarks = useMemo(() => goldPaneMarks(ticked, gold, doc.id), [ticked, gold, doc.id]);
  const focus = focusMark(highlight, doc.id);
  const withFocus = useCallback((marks: Mark[]) => (focus ? [...marks, focus] : marks), [focus]);

  // Clicking a mark highlights its range everywhere (clicking it again clears the highlight).
  const onActivate = useCallback(
    (a: MarkActivation) => {
      const m = [...a.marks].reverse().find((x) => x.flag !== "focus") ?? a.marks[a.marks.length - 1];
      if (!m) return;
      onHighlight(
        same(highlight, m) && highlight?.documentId === doc.id
          ? null
          : { documentId: doc.id, start: m.start, end: m.end, category: m.category, text: doc.text.slice(m.start, m.end) },
      );
    },
    [highlight, onHighlight, doc.id, doc.text],
  );

  // The panes show the same text: scrolling one scrolls the others to the same place.
  const panes = useRef<(HTMLDivElement | null)[]>([]);
  const syncing = useRef(false);
  const onScroll = (i: number) => {
    if (syncing.current) return;
    const src = panes.current[i];
    if (!src) return;
    syncing.current = true;
    for (const [j, el] of panes.current.entries()) if (j !== i && el) el.scrollTop = src.scrollTop;
    requestAnimationFrame(() => (syncing.current = false));
  };
  // A new highlight scrolls into view (once per range, not on every re-render).
  const section = useRef<HTMLElement>(null);
  const focusKey = focus ? `${focus.start}:${focus.end}:${focus.category}` : null;
  useEffect(() => {
    if (focusKey === null) return;
    const el = section.current?.querySelector<HTMLElement>('[data-flag="focus"]');
    if (!el) return;
    const pane = el.closest<HTMLElement>("[data-review-pane]");
    if (pane) {
      const top = el.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop - pane.clientHeight / 3;
      pane.scrollTop = Math.max(0, top);
    }
    el.scrollIntoView({ block: "nearest" });
  }, [focusKey]);

  const count = annotations.length + 1;
  const pane = (key: string, i: number, header: React.ReactNode, marks: Mark[], testId: string, extra: Record<string, string>) => (
    <div key={key} className="flex min-w-0 flex-col rounded-md border border-slate-200" data-testid={testId} {...extra}>
      {header}
      <div
        ref={(el) => {
          panes.current[i] = el;
        }}
        onScroll={() => onScroll(i)}
        className="max-h-[28rem] overflow-y-auto px-3 py-2"
        data-review-pane=""
      >
        <UnscoredHeatmap
          documentId={doc.id}
          text={doc.text}
          blocks={doc.blocks}
          marks={withFocus(marks)}
          onActivate={onActivate}
          onDeleteMine={noop}
          showTooltip={false}
          textClassName="text-sm leading-7 text-slate-900"
        />
      </div>
    </div>
  );

  return (
    <Card className="space-y-3" ref={section} data-testid="review-document" data-document-id={doc.id}>
      <header>
        <h3 className="text-sm font-semibold text-slate-900" data-testid="review-document-title">
          #{doc.position + 1} {doc.label}
        </h3>
        {doc.url && <p className="truncate text-xs text-slate-500">{doc.url}</p>}
      </header>

      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${count > 3 ? 20 : 18}rem), 1fr))` }}
        data-testid="review-panes"
      >
        {annotations.map((a, i) => {
          const info = perAnnotator.get(a.id);
          const color = ANNOTATOR_COLORS[i % ANNOTATOR_COLORS.length];
          return pane(
            a.id,
            i,
            <div
              className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-1.5"
              style={{ borderTop: `4px solid ${color}` }}
            >
              <span className="min-w-0 truncate text-xs font-semibold text-slate-800" title={a.annotatorEmail}>
                {a.annotatorEmail}
              </span>
              <span className="flex items-center gap-2 text-xs text-slate-600">
                <span data-testid="review-pane-counts">
                  {info?.spans ?? 0} span{info?.spans === 1 ? "" : "s"}
                  {annotations.length > 1 && ` · ${info?.onlyTheirs ?? 0} only theirs`}
                </span>
                <StatusBadge status={a.status} />
              </span>
            </div>,
            info?.marks ?? [],
            "review-annotator-pane",
            { "data-annotator-email": a.annotatorEmail, "data-only": String(info?.onlyTheirs ?? 0) },
          );
        })}
        {pane(
          "gold",
          annotations.length,
          <div
            className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-amber-50/60 px-3 py-1.5"
            style={{ borderTop: "4px solid #B45309" }}
          >
            <span className="text-xs font-semibold text-slate-800">Gold being adjudicated</span>
            <span className="text-xs text-slate-600" data-testid="review-gold-counts">
              {goldMarks.filter((m) => m.layer !== "gold").length} chosen · {goldMarks.filter((m) => m.layer === "gold").length} saved
            </span>
          </div>,
          goldMarks,
          "review-gold-pane",
          {},
        )}
      </div>

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="How to read the panes">
        <li className="flex items-center gap-1.5">
          <CategorySwatch category="vital" /> a span (colour and line style per category, as in the workspace)
        </li>
        {annotations.length > 1 && (
          <li className="flex items-center gap-1.5">
            <CategorySwatch category="vital" flag="only" /> only this annotator marked it with that category
          </li>
        )}
        <li className="flex items-center gap-1.5">
          <CategorySwatch category="vital" layer="gold" /> saved gold; tinted in the gold pane = the versions chosen below (what Save gold writes)
        </li>
      </ul>

      <details className="text-sm" data-testid="review-span-lists">
        <summary className="cursor-pointer text-xs font-medium text-slate-700">Spans as lists</summary>
        <table className="mt-2 min-w-full divide-y divide-slate-100 border-t border-slate-100 text-sm">
          <tbody>
            {annotations.map((a, i) => {
              const spans = a.spans.filter((s) => s.documentId === doc.id);
              const color = ANNOTATOR_COLORS[i % ANNOTATOR_COLORS.length];
              return (
                <tr key={a.id} data-testid="annotator-row" data-annotator-email={a.annotatorEmail}>
                  <th
                    scope="row"
                    className="w-56 px-3 py-2 text-left align-top text-xs font-medium text-slate-700"
                    style={{ borderLeft: `4px solid ${color}` }}
                  >
                    {a.annotatorEmail}
                    <span className="block font-normal text-slate-500">
                      {spans.length} span{spans.length === 1 ? "" : "s"}
                    </span>
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
                              onClick={() => onHighlight(same(highlight, s) && highlight?.documentId === doc.id ? null : s)}
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
      </details>
    </Card>
  );
}
