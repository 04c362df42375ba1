"use client";

import { memo } from "react";
import { heatBucket, type BlockChild, type BlockView, type RegionView } from "@/components/heatmap/build-heatmap-view";
import { blockClass, ROLE_LABEL } from "@/components/heatmap/block-style";
import { CATEGORY_META } from "@/lib/spans/categories";
import { splitRun, type Atom, type RunNode } from "./split-run";
import type { Mark } from "./types";

// The text of AnnotatedHeatmap: regions, blocks, units and tokens, with the span marks split at token edges.

/** Tokens rendered in the first commit, with their heat spans (about two screens of text). */
export const FIRST_PASS_TOKENS = 1_500;

export interface BodyProps {
  view: RegionView[];
  probs?: Float32Array;
  unitBuckets?: number[];
  marksByBlock: Map<number, { marks: Mark[] }>;
  /** Blocks rendered (BlockView.index below it): the rest of a long page arrives in later passes (plan-render-passes.ts). */
  shown: number;
  /** Blocks with token heat spans (index below it); rendered blocks with marks always get them (marks split at token edges). */
  detailed: number;
}

export const HeatmapBody = memo(function HeatmapBody({ view, probs, unitBuckets, marksByBlock, shown, detailed }: BodyProps) {
  return (
    <>
      {view.map((region, ri) => {
        if ((region.blocks[0]?.index ?? 0) >= shown) return null;
        const blocks = region.blocks.map((b) => {
          if (b.index >= shown) return null;
          const marks = marksByBlock.get(b.index)?.marks;
          return (
            <Block
              key={b.index}
              block={b}
              probs={probs}
              unitBuckets={unitBuckets}
              marks={marks}
              detailed={b.index < detailed || marks !== undefined}
            />
          );
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

function firstStart(n: RunNode): number {
  return "mark" in n ? (n.children[0] ? firstStart(n.children[0]) : 0) : n.start;
}
