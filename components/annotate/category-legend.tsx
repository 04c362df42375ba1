"use client";

import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { CATEGORY_LINE, CategorySwatch } from "./category-styles";
import { LAYERS, type Layer } from "./types";

export const LAYER_LABEL: Record<Layer, string> = { mine: "Mine", gold: "Gold", judge: "Judge", model: "Model", categories: "Model categories" };
const LAYER_HINT: Record<Layer, string> = {
  mine: "tinted, line style per category",
  gold: "dotted top border",
  judge: "dashed box, hatched",
  model: "dashed box, hatched",
  categories: "dotted underline (the model's category of each token; off-topic not drawn)",
};

interface Props {
  /** Spans per layer and category. */
  counts: Record<Layer, Record<SpanCategory, number>>;
  layers: Record<Layer, boolean>;
  onToggleLayer: (layer: Layer) => void;
  /** The layers offered (default all): blind annotation leaves out gold and, where predictions are hidden, the model's and judge's. */
  shownLayers?: readonly Layer[];
}

const spans = (n: number) => `${n} span${n === 1 ? "" : "s"}`;

/**
 * Category legend (key, colour + line style) with a count per layer in its own labelled column, so my spans, the
 * gold's and the suggestions' never run together; then the layer switches with each layer's total.
 */
export function CategoryLegend({ counts, layers, onToggleLayer, shownLayers = LAYERS }: Props) {
  const total = (l: Layer) => SPAN_CATEGORIES.reduce((n, c) => n + counts[l][c], 0);
  return (
    <div className="space-y-3">
      <table className="w-full text-xs" data-testid="category-legend">
        <caption className="sr-only">Spans per category and layer</caption>
        <thead>
          <tr className="text-left text-[11px] font-medium uppercase tracking-wide text-slate-500">
            <th scope="col" className="pb-1 font-medium">
              Category
            </th>
            {shownLayers.map((l) => (
              <th key={l} scope="col" className="pb-1 pl-2 text-right font-medium" data-testid={`legend-head-${l}`}>
                {LAYER_LABEL[l]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SPAN_CATEGORIES.map((c) => (
            <tr key={c} data-testid={`legend-${c}`} title={`${CATEGORY_META[c].description} (${CATEGORY_LINE[c].name})`}>
              <th scope="row" className="py-0.5 text-left font-normal">
                <span className="flex items-center gap-2">
                  <kbd className="rounded border border-slate-300 px-1 font-mono text-[10px]">{CATEGORY_META[c].key}</kbd>
                  <CategorySwatch category={c} />
                  <span className="text-slate-800">{CATEGORY_META[c].label}</span>
                </span>
              </th>
              {shownLayers.map((l) => (
                <td
                  key={l}
                  className={`py-0.5 pl-2 text-right font-mono tabular-nums ${counts[l][c] ? "text-slate-800" : "text-slate-400"}`}
                  // The first column keeps its historic id (my spans); every cell also has a per-layer one.
                  data-testid={l === "mine" ? `legend-count-${c}` : `legend-count-${c}-${l}`}
                  aria-label={`${LAYER_LABEL[l]}: ${spans(counts[l][c])}`}
                >
                  {counts[l][c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="layer-toggles">
        <legend className="mb-1 text-[11px] font-medium uppercase tracking-wide text-slate-500">Show layers</legend>
        {shownLayers.map((l) => (
          <label key={l} className="flex items-center gap-1.5" title={LAYER_HINT[l]}>
            <input type="checkbox" checked={layers[l]} onChange={() => onToggleLayer(l)} data-testid={`layer-toggle-${l}`} />
            <span>
              {LAYER_LABEL[l]} <span className="text-slate-500">· {spans(total(l))}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
