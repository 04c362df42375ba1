"use client";

import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { buildHeatmapView, heatBucket, type RegionView } from "@/components/heatmap/build-heatmap-view";
import type { TypedTokenScores } from "@/components/heatmap/use-live-selection";
import type { Aggregation } from "@/lib/engine/methods";
import { CATEGORY_META } from "@/lib/spans/categories";
import type { BlockOut, UnitOut } from "@/lib/schemas/compress";
import { FIRST_PASS_TOKENS, HeatmapBody } from "./heatmap-body";
import { compareMarks } from "./split-run";
import type { Layer, Mark } from "./types";
import { useGoldKeptAttributes } from "./use-gold-kept-attributes";
import { TokenTooltip } from "@/components/heatmap/token-tooltip";
import { useKeptAttributes } from "@/components/heatmap/use-kept-attributes";
import { pointerTarget } from "@/components/heatmap/pointer-target";
import { planRenderPasses, RENDER_PASS_EVENT } from "@/components/heatmap/plan-render-passes";
import { Notice } from "@/components/ui/notice";

export interface MarkActivation {
  documentId: string;
  /** Marks under the pointer, outermost first. */
  marks: Mark[];
  x: number;
  y: number;
}

interface Props {
  documentId: string;
  text: string;
  blocks: readonly BlockOut[];
  units: readonly UnitOut[];
  tokenScores?: TypedTokenScores;
  unitScores: readonly number[];
  /** Per unit: 0 dropped, 1 kept, 2 kept but cut. */
  kept: Uint8Array;
  aggregation: Aggregation;
  /** Visible marks of this document. */
  marks: readonly Mark[];
  onActivate: (a: MarkActivation) => void;
  onDeleteMine: (id: string) => void;
  /** false while something else owns the pointer's attention (the span popover) and in the review panes. */
  showTooltip?: boolean;
  /** Per counted gold span id: whether the current selection keeps it (written to data-gold-kept, no re-render). */
  goldKept?: ReadonlyMap<string, boolean>;
  /** Classes of the text container (font size, line height); the review panes use a smaller size. */
  textClassName?: string;
}

interface Hover {
  x: number;
  y: number;
  t: number;
  u: number;
  marks: { layer: Layer; category: string; goldKept?: string }[];
}

/**
 * One document's canonical text with the token heatmap and span marks. Rendering cost is paid per block: a block
 * re-renders only when its own marks change (memo + per-block mark arrays kept stable), and the selection state
 * (kept units) is written to data-kept attributes imperatively, so a threshold move never re-renders tokens. The
 * text itself is HeatmapBody's (heatmap-body.tsx).
 */
export function AnnotatedHeatmap(props: Props) {
  const {
    documentId,
    text,
    blocks,
    units,
    tokenScores,
    unitScores,
    kept,
    aggregation,
    marks,
    onActivate,
    onDeleteMine,
    showTooltip = true,
    goldKept,
    textClassName,
  } = props;
  const view = useMemo(() => buildHeatmapView({ text, blocks, units, tokens: tokenScores }), [text, blocks, units, tokenScores]);
  const unitBuckets = useMemo(() => (tokenScores ? undefined : unitScores.map(heatBucket)), [tokenScores, unitScores]);

  // Marks per block, with arrays reused while a block's marks are unchanged (the memo key of Block).
  const prevByBlock = useRef<Map<number, { sig: string; marks: Mark[] }>>(new Map());
  const marksByBlock = useMemo(() => {
    const sorted = marks.slice().sort(compareMarks);
    const next = new Map<number, { sig: string; marks: Mark[] }>();
    for (const b of view.flatMap((r) => r.blocks)) {
      const mine = sorted.filter((m) => m.start < b.end && m.end > b.start);
      if (mine.length === 0) continue;
      const sig = mine.map((m) => `${m.key}:${m.start}:${m.end}:${m.category}:${m.flag ?? ""}`).join("|");
      // The last committed arrays (written in the layout effect below, so a discarded render never leaks in), read to
      // keep Block's memo keys stable: a deliberate read of a ref while rendering.
      // eslint-disable-next-line react-hooks/refs
      const prev = prevByBlock.current.get(b.index);
      next.set(b.index, prev && prev.sig === sig ? prev : { sig, marks: mine });
    }
    return next;
  }, [marks, view]);
  useLayoutEffect(() => {
    prevByBlock.current = marksByBlock;
  }, [marksByBlock]);
  const markByKey = useMemo(() => new Map(marks.map((m) => [m.key, m])), [marks]);

  // Progressive rendering: the first commit draws the blocks of the first FIRST_PASS_TOKENS tokens (about two screens,
  // with token heat spans), so the first render costs the same on any page length; the rest of the page follows in
  // background transitions of about PASS_TOKENS tokens each (one short commit per pass: scrolling and input stay
  // smooth). Text of a later pass is selectable and findable (Ctrl+F) once its pass has committed, a fraction of a
  // second after the first. Pages beyond MAX_DETAIL_TOKENS keep token heat for the first pass only: a span per token
  // of a multi-megabyte page would exhaust the tab's memory. Sentence scores, selection and annotation still cover the
  // whole text.
  const tokenCount = tokenScores?.probs.length ?? 0;
  const tooLong = tokenCount > MAX_DETAIL_TOKENS;
  const plan = useMemo(
    () => planRenderPasses({ view, tokenHeat: tokenScores !== undefined, firstTokens: FIRST_PASS_TOKENS, passTokens: PASS_TOKENS }),
    [view, tokenScores],
  );
  const [progress, setProgress] = useState<{ view: RegionView[]; pass: number } | null>(null);
  const pass = progress?.view === view ? progress.pass : 0;
  const shown = pass === 0 ? plan.first : (plan.passes[pass - 1] ?? plan.first);
  const complete = pass >= plan.passes.length;
  const detailed = tooLong ? plan.first : shown;
  useEffect(() => {
    if (pass < plan.passes.length) startTransition(() => setProgress({ view, pass: pass + 1 }));
  }, [view, plan, pass]);
  useLayoutEffect(() => {
    if (complete && tokenScores) afterPaint(() => performance.mark("snippet-lab:full-render"));
  }, [complete, tokenScores]);

  const ref = useRef<HTMLDivElement>(null);
  // Blocks of a later pass get their data-kept / data-gold-kept when they commit (shown is in the render deps).
  useKeptAttributes(ref, kept, [view, unitBuckets, marksByBlock, shown, detailed]);
  useGoldKeptAttributes(ref, goldKept, [view, marksByBlock, shown, detailed]);
  useLayoutEffect(() => {
    if (pass > 0) ref.current?.dispatchEvent(new Event(RENDER_PASS_EVENT, { bubbles: true }));
  }, [pass]);

  const [hover, setHover] = useState<Hover | null>(null);
  const onMouseOver = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    const at = pointerTarget(target);
    if (!at) {
      setHover(null);
      return;
    }
    const { unitEl } = at;
    const covering: Hover["marks"] = [];
    for (
      let el: HTMLElement | null = target.closest<HTMLElement>("[data-mark-key]");
      el && el !== unitEl;
      el = el.parentElement?.closest<HTMLElement>("[data-mark-key]") ?? null
    ) {
      if (!unitEl.contains(el)) break;
      covering.push({
        layer: el.dataset.layer as Layer,
        category: el.dataset.category ?? "",
        ...(el.dataset.goldKept ? { goldKept: el.dataset.goldKept } : {}),
      });
    }
    setHover({ x: e.clientX, y: e.clientY, u: at.u, t: at.t, marks: covering.reverse() });
  };

  const marksAt = (target: HTMLElement): Mark[] => {
    const out: Mark[] = [];
    for (
      let el: HTMLElement | null = target.closest<HTMLElement>("[data-mark-key]");
      el;
      el = el.parentElement?.closest<HTMLElement>("[data-mark-key]") ?? null
    ) {
      if (!ref.current?.contains(el)) break;
      const m = markByKey.get(el.dataset.markKey ?? "");
      // The model's category layer is read-only context: nothing to open or edit.
      if (m && m.layer !== "categories") out.push(m);
    }
    return out.reverse();
  };
  const onClick = (e: React.MouseEvent) => {
    // A click that ends a drag-selection is a selection, not a mark click.
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed) return;
    const found = marksAt(e.target as HTMLElement);
    if (found.length > 0) {
      // The popover opens where the tooltip was: the tooltip goes until the pointer moves on.
      setHover(null);
      onActivate({ documentId, marks: found, x: e.clientX, y: e.clientY });
    }
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const el = e.target as HTMLElement;
    const key = el.dataset.markKey;
    if (!key) return;
    const m = markByKey.get(key);
    if (!m) return;
    if ((e.key === "Delete" || e.key === "Backspace") && m.layer === "mine") {
      e.preventDefault();
      onDeleteMine(m.id);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      onActivate({ documentId, marks: marksAt(el), x: r.left, y: r.bottom });
    }
  };

  const unit = hover ? units[hover.u] : undefined;
  return (
    <div className="relative">
      <div
        ref={ref}
        data-testid="heatmap"
        data-result-id={documentId}
        className={textClassName ?? "text-[15px] leading-8 text-slate-900"}
        onMouseOver={onMouseOver}
        onMouseLeave={() => setHover(null)}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {tooLong && (
          <Notice tone="warn" size="sm" className="mb-2 leading-5" testId="heat-truncated">
            Token heat is drawn for the first {FIRST_PASS_TOKENS.toLocaleString("en")} of {tokenCount.toLocaleString("en")} tokens (too many to draw
            one by one); sentence scores, the snippet and annotation cover the whole page.
          </Notice>
        )}
        <div data-testid="doc-text" data-doc-text="" data-document-id={documentId}>
          <HeatmapBody
            view={view}
            probs={tokenScores?.probs}
            unitBuckets={unitBuckets}
            marksByBlock={marksByBlock}
            shown={shown}
            detailed={detailed}
          />
        </div>
      </div>
      {showTooltip && hover && unit && (
        <TokenTooltip
          x={hover.x}
          y={hover.y}
          text={text}
          t={hover.t}
          u={hover.u}
          tokenScores={tokenScores}
          unitScores={unitScores}
          unitTokens={unit.tokens}
          kept={kept[hover.u] ?? 0}
          aggregation={aggregation}
        >
          {hover.marks.length > 0 && (
            <div data-testid="tooltip-categories">
              {hover.marks
                .map(
                  (m) =>
                    `${CATEGORY_META[m.category as keyof typeof CATEGORY_META]?.label ?? m.category} (${m.layer === "mine" ? "mine" : m.layer}${
                      m.goldKept === "1" ? ", kept" : m.goldKept === "0" ? ", dropped by this selection" : ""
                    })`,
                )
                .join(", ")}
            </div>
          )}
        </TokenTooltip>
      )}
    </div>
  );
}

/** Above this many tokens in one document, only the first pass gets token spans (DOM size stays bounded). */
const MAX_DETAIL_TOKENS = 120_000;

/** Tokens per later rendering pass: one commit of this many token spans stays well under a frame budget's few tens of ms. */
const PASS_TOKENS = 6_000;

/** Runs `cb` once the frame after the current commit has been painted. */
function afterPaint(cb: () => void): void {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb();
    ch.port2.postMessage(null);
  });
}
