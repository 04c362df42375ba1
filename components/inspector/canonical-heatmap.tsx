"use client";

import { memo, useMemo, useRef, useState } from "react";
import type { Aggregation } from "@/lib/engine/methods";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { buildHeatmapView, heatBucket, type BlockView, type RegionView } from "../heatmap/build-heatmap-view";
import type { ScoredResult } from "../heatmap/types";
import type { TypedTokenScores } from "../heatmap/use-live-selection";
import { blockClass, ROLE_LABEL } from "../heatmap/block-style";
import { TokenTooltip } from "../heatmap/token-tooltip";
import { useKeptAttributes } from "../heatmap/use-kept-attributes";
import { pointerTarget } from "@/components/heatmap/pointer-target";

interface CanonicalHeatmapProps {
  result: ScoredResult;
  tokenScores?: TypedTokenScores;
  unitScores: readonly number[];
  /** Per unit: 0 dropped, 1 kept, 2 kept but cut. */
  kept: Uint8Array;
  aggregation: Aggregation;
  /** Draw the model's category of each token (dotted underline in the category's colour; off-topic not drawn). */
  showCategories?: boolean;
}

interface Hover {
  x: number;
  y: number;
  t: number;
  u: number;
}

/**
 * The canonical text of one result with a per-token keep-probability heatmap (units tinted by score
 * for baselines). Tokens render once per response; the current selection is applied by setting
 * data-kept on unit elements, so threshold/budget changes touch only the units whose state changed.
 */
export function CanonicalHeatmap({ result, tokenScores, unitScores, kept, aggregation, showCategories }: CanonicalHeatmapProps) {
  const view = useMemo(
    () => buildHeatmapView({ text: result.text, blocks: result.blocks, units: result.units, tokens: tokenScores }),
    [result, tokenScores],
  );
  // Baselines have no token scores: tint whole units by their score instead.
  const unitBuckets = useMemo(() => (tokenScores ? undefined : unitScores.map(heatBucket)), [tokenScores, unitScores]);

  const ref = useRef<HTMLDivElement>(null);
  useKeptAttributes(ref, kept, [view, unitBuckets]);

  const [hover, setHover] = useState<Hover | null>(null);
  const onMouseOver = (e: React.MouseEvent) => {
    const at = pointerTarget(e.target as HTMLElement);
    setHover(at ? { x: e.clientX, y: e.clientY, u: at.u, t: at.t } : null);
  };

  const unit = hover ? result.units[hover.u] : undefined;
  return (
    <div className="relative">
      <div
        ref={ref}
        data-testid="heatmap"
        data-result-id={result.id}
        className={`text-[15px] leading-7 text-slate-900${showCategories ? " hm-show-cats" : ""}`}
        onMouseOver={onMouseOver}
        onMouseLeave={() => setHover(null)}
      >
        <style>{CATEGORY_CSS}</style>
        <HeatmapBody view={view} probs={tokenScores?.probs} categories={tokenScores?.categories} unitBuckets={unitBuckets} />
      </div>
      {hover && unit && (
        <TokenTooltip
          x={hover.x}
          y={hover.y}
          text={result.text}
          t={hover.t}
          u={hover.u}
          tokenScores={tokenScores}
          unitScores={unitScores}
          unitTokens={unit.tokens}
          kept={kept[hover.u] ?? 0}
          aggregation={aggregation}
        />
      )}
    </div>
  );
}

interface BodyProps {
  view: RegionView[];
  probs?: Float32Array;
  categories?: Uint8Array;
  unitBuckets?: number[];
}

// A class on the container switches the category layer on: no token re-renders when it is toggled.
const CATEGORY_CSS = SPAN_CATEGORIES.filter((c) => c !== "off_topic")
  .map((c) => `.hm-show-cats [data-cat="${c}"]{border-bottom:3px dotted ${CATEGORY_META[c].color}}`)
  .join("\n");

/** Memoised: re-renders only when the response (or, for baselines, the unit scores) change. */
const HeatmapBody = memo(function HeatmapBody({ view, probs, categories, unitBuckets }: BodyProps) {
  return (
    <>
      {view.map((region, ri) =>
        region.role === "main" ? (
          region.blocks.map((b) => <Block key={b.index} block={b} probs={probs} categories={categories} unitBuckets={unitBuckets} />)
        ) : (
          <section
            key={`r${ri}`}
            data-role={region.role}
            data-testid="role-region"
            className="my-3 rounded-md border border-dashed border-slate-400 bg-slate-100 px-3 pb-2 pt-1 text-slate-700"
          >
            <div className="mb-1 text-[10px] font-semibold uppercase tracking-wider text-slate-500">{ROLE_LABEL[region.role] ?? region.role}</div>
            {region.blocks.map((b) => (
              <Block key={b.index} block={b} probs={probs} categories={categories} unitBuckets={unitBuckets} />
            ))}
          </section>
        ),
      )}
    </>
  );
});

function Block({ block, probs, categories, unitBuckets }: { block: BlockView } & Omit<BodyProps, "view">) {
  return (
    <div className={`whitespace-pre-wrap ${blockClass(block)}`} data-kind={block.kind}>
      {block.children.map((c, i) =>
        c.kind === "gap" ? (
          c.text
        ) : (
          <span key={i} data-u={c.u} className={unitBuckets ? `hm-unit hm-b${unitBuckets[c.u] ?? 0}` : "hm-unit"}>
            {c.pieces.map((p, j) =>
              p.t < 0 || !probs ? (
                p.text
              ) : (
                <span
                  key={j}
                  data-t={p.t}
                  {...(categories ? { "data-cat": SPAN_CATEGORIES[categories[p.t] ?? 1] } : {})}
                  className={`hm-b${heatBucket(probs[p.t] ?? 0)}`}
                >
                  {p.text}
                </span>
              ),
            )}
          </span>
        ),
      )}
    </div>
  );
}

export function HeatmapLegend({ tokenLevel }: { tokenLevel: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600" data-testid="heatmap-legend">
      <span>{tokenLevel ? "token keep probability" : "sentence score"}</span>
      <span className="flex items-center gap-1">
        0
        <span className="flex h-3 w-32 overflow-hidden rounded-sm border border-slate-300">
          {Array.from({ length: 11 }, (_, i) => (
            <span key={i} className={`hm-b${i * 2} h-full flex-1`} />
          ))}
        </span>
        1
      </span>
      <span>
        <span className="hm-unit rounded px-1" data-kept="1">
          outlined
        </span>{" "}
        = kept by the current selection
      </span>
    </div>
  );
}
