"use client";

import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { buildHeatmapView, heatBucket, type BlockChild, type BlockView, type RegionView } from "@/components/heatmap/build-heatmap-view";
import type { TypedTokenScores } from "@/components/heatmap/use-live-selection";
import type { Aggregation } from "@/lib/engine/methods";
import { CATEGORY_META } from "@/lib/spans/categories";
import type { BlockOut, UnitOut } from "@/lib/schemas/compress";
import { compareMarks, splitRun, type Atom, type RunNode } from "./split-run";
import type { Layer, Mark } from "./types";
import { blockClass, ROLE_LABEL } from "@/components/heatmap/block-style";
import { TokenTooltip } from "@/components/heatmap/token-tooltip";
import { useKeptAttributes } from "@/components/heatmap/use-kept-attributes";
import { pointerTarget } from "@/components/heatmap/pointer-target";

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
 * (kept units) is written to data-kept attributes imperatively, so a threshold move never re-renders tokens.
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

  // Progressive detail: the first FIRST_PASS_TOKENS tokens render with per-token heat spans at once, the rest as
  // plain unit text (already selectable, annotatable and outlined when kept) that gains its token spans in a
  // background transition — a long page shows in one short commit instead of one per-token commit of everything.
  const [detailedView, setDetailedView] = useState<RegionView[] | null>(null);
  const detailAll = detailedView === view;
  // Pages beyond MAX_DETAIL_TOKENS keep the first pass only: a span per token of a multi-megabyte page would
  // exhaust the tab's memory. Sentence scores, selection and annotation still cover the whole text.
  const tokenCount = tokenScores?.probs.length ?? 0;
  const tooLong = tokenCount > MAX_DETAIL_TOKENS;
  useEffect(() => {
    if (!tooLong) startTransition(() => setDetailedView(view));
  }, [view, tooLong]);
  useLayoutEffect(() => {
    if (detailAll && tokenScores) afterPaint(() => performance.mark("snippet-lab:full-render"));
  }, [detailAll, tokenScores]);

  const ref = useRef<HTMLDivElement>(null);
  useKeptAttributes(ref, kept, [view, unitBuckets, marksByBlock, detailAll]);
  useGoldKeptAttributes(ref, goldKept, [view, marksByBlock, detailAll]);

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
          <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs leading-5 text-amber-900" data-testid="heat-truncated">
            Token heat is drawn for the first {FIRST_PASS_TOKENS.toLocaleString("en")} of {tokenCount.toLocaleString("en")} tokens (too many to draw
            one by one); sentence scores, the snippet and annotation cover the whole page.
          </p>
        )}
        <div data-testid="doc-text" data-doc-text="" data-document-id={documentId}>
          <Body view={view} probs={tokenScores?.probs} unitBuckets={unitBuckets} marksByBlock={marksByBlock} detailAll={detailAll} />
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

/** Tokens rendered with their heat spans in the first commit (about two screens of text). */
const FIRST_PASS_TOKENS = 1_500;
/** Above this many tokens in one document, only the first pass gets token spans (DOM size stays bounded). */
const MAX_DETAIL_TOKENS = 120_000;

/** Runs `cb` once the frame after the current commit has been painted. */
function afterPaint(cb: () => void): void {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb();
    ch.port2.postMessage(null);
  });
}

interface BodyProps {
  view: RegionView[];
  probs?: Float32Array;
  unitBuckets?: number[];
  marksByBlock: Map<number, { marks: Mark[] }>;
  /** false: only the first FIRST_PASS_TOKENS tokens (and blocks with marks) get token spans. */
  detailAll: boolean;
}

const Body = memo(function Body({ view, probs, unitBuckets, marksByBlock, detailAll }: BodyProps) {
  // The blocks of the first FIRST_PASS_TOKENS tokens render in detail, and blocks with marks always do (marks split at
  // token edges).
  const detailedBlocks = new Set<number>();
  let budget = detailAll || !probs ? Infinity : FIRST_PASS_TOKENS;
  for (const region of view) {
    for (const b of region.blocks) {
      if (budget > 0 || marksByBlock.get(b.index)?.marks !== undefined) detailedBlocks.add(b.index);
      if (budget > 0) for (const c of b.children) if (c.kind === "unit") budget -= c.pieces.length;
    }
  }
  return (
    <>
      {view.map((region, ri) => {
        const blocks = region.blocks.map((b) => {
          const marks = marksByBlock.get(b.index)?.marks;
          return <Block key={b.index} block={b} probs={probs} unitBuckets={unitBuckets} marks={marks} detailed={detailedBlocks.has(b.index)} />;
        });
        return region.role === "main" ? (
          blocks
        ) : (
          <section
            key={`r${ri}`}
            data-role={region.role}
            data-testid="role-region"
            data-label={ROLE_LABEL[region.role] ?? region.role}
            className="am-region my-3 rounded-md border border-dashed border-slate-400 bg-slate-100 px-3 pb-2 pt-1 text-slate-700"
          >
            {blocks}
          </section>
        );
      })}
    </>
  );
});

interface BlockProps {
  block: BlockView;
  probs?: Float32Array;
  unitBuckets?: number[];
  marks?: Mark[];
  detailed: boolean;
}

const Block = memo(function Block({ block, probs, unitBuckets, marks, detailed }: BlockProps) {
  return (
    <div className={`whitespace-pre-wrap ${blockClass(block)}`} data-kind={block.kind} data-block={block.index}>
      {block.children.map((c) => (
        <Child key={`${c.kind}${c.start}`} child={c} probs={probs} unitBuckets={unitBuckets} marks={marks} detailed={detailed} />
      ))}
    </div>
  );
});

function Child({ child, probs, unitBuckets, marks, detailed }: { child: BlockChild } & Omit<BlockProps, "block">) {
  const atoms: Atom[] =
    child.kind === "gap"
      ? [{ text: child.text, t: -1, start: child.start }]
      : detailed
        ? child.pieces
        : // One untinted run for the whole unit until the detailed pass (same text, same data-o offsets).
          [{ text: child.pieces.map((p) => p.text).join(""), t: -1, start: child.pieces[0]?.start ?? child.start }];
  const nodes = marks ? splitRun(atoms, marks) : atoms;
  const rendered = <Nodes nodes={nodes} probs={probs} />;
  if (child.kind === "gap") return rendered;
  return (
    <span data-u={child.u} className={unitBuckets ? `hm-unit hm-b${unitBuckets[child.u] ?? 0}` : "hm-unit"}>
      {rendered}
    </span>
  );
}

function Nodes({ nodes, probs }: { nodes: readonly RunNode[]; probs?: Float32Array }) {
  return (
    <>
      {nodes.map((n) => {
        if ("mark" in n) {
          const m = n.mark;
          const mine = m.layer === "mine";
          return (
            <span
              key={`${m.key}@${firstStart(n)}`}
              data-testid={
                m.testId ?? (mine ? "span-mark" : m.layer === "gold" ? "gold-mark" : m.layer === "categories" ? "category-mark" : "suggestion-mark")
              }
              data-mark-key={m.key}
              data-layer={m.layer}
              data-category={m.category}
              {...(m.flag ? { "data-flag": m.flag } : {})}
              {...(mine ? { "data-span-id": m.id } : m.layer === "gold" ? { "data-gold-id": m.id } : { "data-suggestion-id": m.id })}
              className={`am-mark am-layer-${m.layer} am-c-${m.category}${m.flag ? ` am-flag-${m.flag}` : ""}`}
              tabIndex={mine || m.layer === "judge" || m.layer === "model" ? 0 : undefined}
              role={m.layer === "categories" ? undefined : "button"}
              aria-label={`${CATEGORY_META[m.category].label} ${mine ? "span" : m.layer}`}
            >
              <Nodes nodes={n.children} probs={probs} />
            </span>
          );
        }
        return n.t < 0 || !probs ? (
          <span key={n.start} data-o={n.start}>
            {n.text}
          </span>
        ) : (
          <span key={n.start} data-o={n.start} data-t={n.t} className={`hm-b${heatBucket(probs[n.t] ?? 0)}`}>
            {n.text}
          </span>
        );
      })}
    </>
  );
}

/**
 * Writes data-gold-kept ("1" kept, "0" dropped) on gold mark elements, imperatively like useKeptAttributes: a
 * threshold move re-labels the few gold elements instead of re-rendering blocks.
 */
function useGoldKeptAttributes(
  root: React.RefObject<HTMLElement | null>,
  goldKept: ReadonlyMap<string, boolean> | undefined,
  renderDeps: React.DependencyList,
): void {
  const els = useRef<HTMLElement[]>([]);
  // The caller's renderDeps are what re-creates the elements (root is a stable ref): effects keyed on them, as in
  // useKeptAttributes.
  useLayoutEffect(() => {
    els.current = root.current ? [...root.current.querySelectorAll<HTMLElement>("[data-gold-id]")] : [];
  }, renderDeps); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps (see above)
  useLayoutEffect(() => {
    const list = els.current;
    for (const el of list) {
      const k = goldKept?.get(el.dataset.goldId ?? "");
      const v = k === undefined ? undefined : k ? "1" : "0";
      if (el.dataset.goldKept === v) continue;
      if (v === undefined) el.removeAttribute("data-gold-kept");
      else el.setAttribute("data-gold-kept", v);
    }
  }, [goldKept, ...renderDeps]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps (see above)
}

function firstStart(n: RunNode): number {
  return "mark" in n ? (n.children[0] ? firstStart(n.children[0]) : 0) : n.start;
}
