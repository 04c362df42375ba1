import type { ReactNode } from "react";
import type { Aggregation } from "@/lib/engine/methods";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import type { TypedTokenScores } from "./use-live-selection";

export interface TokenTooltipProps {
  /** Pointer position (viewport coordinates). */
  x: number;
  y: number;
  /** Canonical text the offsets point into. */
  text: string;
  /** Hovered token index, or -1 (between tokens, or a baseline without token scores). */
  t: number;
  /** Hovered unit (sentence) index. */
  u: number;
  tokenScores?: TypedTokenScores;
  unitScores: readonly number[];
  unitTokens: number;
  /** 0 dropped, 1 kept, 2 kept but cut to fit the budget. */
  kept: number;
  aggregation: Aggregation;
  /** Extra lines (the workspace adds the categories under the pointer). */
  children?: ReactNode;
}

/** The heatmap hover card: token probability, its sentence's score and whether the sentence is in the snippet. */
export function TokenTooltip({ x, y, text, t, u, tokenScores, unitScores, unitTokens, kept, aggregation, children }: TokenTooltipProps) {
  return (
    <div
      data-testid="token-tooltip"
      role="tooltip"
      className="pointer-events-none fixed z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-lg"
      style={{ left: x + 14, top: y + 16 }}
    >
      {t >= 0 && tokenScores && (
        <div>
          token <span className="font-mono">&ldquo;{text.slice(tokenScores.starts[t], tokenScores.ends[t])}&rdquo;</span> p ={" "}
          <span className="font-mono">{(tokenScores.probs[t] ?? 0).toFixed(3)}</span>
        </div>
      )}
      <div>
        sentence {u + 1} score = <span className="font-mono">{(unitScores[u] ?? 0).toFixed(3)}</span>
        {tokenScores ? ` (${aggregation})` : ""} · {unitTokens} tokens
      </div>
      <div>{kept === 1 ? "kept" : kept === 2 ? "kept (cut to fit the budget)" : "dropped"}</div>
      {t >= 0 && tokenScores?.categories && (
        <div>
          model category: <span className="font-mono">{CATEGORY_META[SPAN_CATEGORIES[tokenScores.categories[t] ?? 1] ?? "off_topic"].label}</span>
        </div>
      )}
      {children}
    </div>
  );
}
