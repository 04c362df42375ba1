"use client";

import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { CategorySwatch } from "./category-styles";

/** The small category menu at a text selection (keys 1–6 do the same). */
export function SelectionMenu({ x, y, onPick }: { x: number; y: number; onPick: (c: SpanCategory) => void }) {
  return (
    <div
      data-testid="selection-menu"
      role="toolbar"
      aria-label="Mark the selection as"
      className="fixed z-40 flex flex-wrap gap-1 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      style={{ left: Math.max(8, x), top: y + 6 }}
      // Keep the text selection: a mousedown on a button would otherwise collapse it. Neither press may reach the
      // workspace either: it records Alt (exact characters) on mouseup, and picking here must keep the selection's.
      onMouseDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
      }}
      onMouseUp={(e) => e.stopPropagation()}
    >
      {SPAN_CATEGORIES.map((c) => (
        <button
          key={c}
          type="button"
          onClick={() => onPick(c)}
          data-testid={`selection-menu-${c}`}
          className="flex items-center gap-1 rounded px-1.5 py-0.5 text-xs hover:bg-slate-100"
          title={`${CATEGORY_META[c].description} (key ${CATEGORY_META[c].key})`}
        >
          <kbd className="font-mono text-[10px] text-slate-500">{CATEGORY_META[c].key}</kbd>
          <CategorySwatch category={c} />
          {CATEGORY_META[c].label}
        </button>
      ))}
    </div>
  );
}
