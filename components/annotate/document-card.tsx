"use client";

import type { LiveSelection } from "@/components/heatmap/use-live-selection";
import type { Aggregation } from "@/lib/engine/methods";
import type { WorkspaceDocument } from "@/lib/schemas/annotation";
import type { ScoredDocumentOut } from "@/lib/schemas/scoring";
import { Card } from "@/components/ui/card";
import { AnnotatedHeatmap, type MarkActivation } from "./annotated-heatmap";
import { UnscoredHeatmap } from "./unscored-heatmap";
import { OriginalPageFrame } from "./original-page-frame";
import type { Mark } from "./types";

const EMPTY = new Uint8Array(0);

export type DocumentCardProps = {
  doc: WorkspaceDocument;
  index: number;
  label: string;
  ref?: (el: HTMLElement | null) => void;
  /** This document's scores, when they are in (and belong to it). */
  scored: ScoredDocumentOut | undefined;
  live: LiveSelection | null;
  aggregation: Aggregation;
  /** No scores coming: the stored text, still annotatable. */
  unscored: boolean;
  marks: readonly Mark[];
  onActivate: (a: MarkActivation) => void;
  onDeleteMine: (id: string) => void;
  showTooltip: boolean;
  goldKept: ReadonlyMap<string, boolean> | undefined;
  /** The original page (sandboxed) instead of the canonical text. */
  showOriginal: boolean;
  onShowOriginal: (original: boolean) => void;
};

/**
 * One document of the result set: its title and the canonical/original switch, then the annotated heatmap (scores
 * in), the stored text without scores (none coming), or a loading line.
 */
export function DocumentCard({ ref, ...p }: DocumentCardProps) {
  const { doc: d, index: i, scored: r, live } = p;
  const showOriginal = p.showOriginal && d.rawHtml !== null;
  return (
    <Card as="article" ref={ref} data-testid="document" data-document-id={d.id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
        <h2 className="min-w-0 truncate text-sm font-semibold text-slate-800">
          <span data-testid="document-title">
            #{i + 1} {p.label}
          </span>
          {d.url && <span className="ml-2 font-normal text-slate-500">{d.url}</span>}
        </h2>
        {d.rawHtml !== null && (
          <div className="flex text-xs" role="radiogroup" aria-label="View">
            <button
              type="button"
              role="radio"
              aria-checked={!showOriginal}
              onClick={() => p.onShowOriginal(false)}
              data-testid={`view-canonical-${i}`}
              className={`rounded-l-md border border-slate-300 px-2 py-0.5 ${!showOriginal ? "bg-slate-800 text-white" : ""}`}
            >
              Canonical
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={showOriginal}
              onClick={() => p.onShowOriginal(true)}
              data-testid={`view-original-${i}`}
              className={`-ml-px rounded-r-md border border-slate-300 px-2 py-0.5 ${showOriginal ? "bg-slate-800 text-white" : ""}`}
            >
              Original
            </button>
          </div>
        )}
      </div>
      {showOriginal ? (
        <OriginalPageFrame html={d.rawHtml!} title={p.label} />
      ) : r && live ? (
        <AnnotatedHeatmap
          documentId={d.id}
          text={r.text}
          blocks={r.blocks}
          units={r.units}
          tokenScores={live.tokenScores[i]}
          unitScores={live.unitScores[i] ?? []}
          kept={live.kept[i] ?? EMPTY}
          aggregation={p.aggregation}
          marks={p.marks}
          onActivate={p.onActivate}
          onDeleteMine={p.onDeleteMine}
          showTooltip={p.showTooltip}
          {...(p.goldKept ? { goldKept: p.goldKept } : {})}
        />
      ) : p.unscored ? (
        <FallbackDocument doc={d} marks={p.marks} onActivate={p.onActivate} onDeleteMine={p.onDeleteMine} showTooltip={p.showTooltip} />
      ) : (
        <p className="text-sm text-slate-500" data-testid="document-loading">
          Loading scores…
        </p>
      )}
    </Card>
  );
}

/** The stored text without scores (no model, or scoring failed): still annotatable, word-snapped. */
function FallbackDocument({
  doc,
  marks,
  onActivate,
  onDeleteMine,
  showTooltip,
}: {
  doc: WorkspaceDocument;
  marks: readonly Mark[];
  onActivate: (a: MarkActivation) => void;
  onDeleteMine: (id: string) => void;
  showTooltip: boolean;
}) {
  return (
    <UnscoredHeatmap
      documentId={doc.id}
      text={doc.text}
      blocks={doc.blocks}
      marks={marks}
      onActivate={onActivate}
      onDeleteMine={onDeleteMine}
      showTooltip={showTooltip}
    />
  );
}
