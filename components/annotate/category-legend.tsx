"use client";

import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { CATEGORY_LINE, CategorySwatch } from "./category-styles";
import { LAYERS, type Layer } from "./types";

const LAYER_LABEL: Record<Layer, string> = { mine: "Mine", gold: "Gold", judge: "Judge", model: "Model" };
const LAYER_HINT: Record<Layer, string> = {
  mine: "tinted, line style per category",
  gold: "dotted top border",
  judge: "dashed box, hatched",
  model: "dashed box, hatched",
};

interface Props {
  counts: Record<SpanCategory, number>;
  layers: Record<Layer, boolean>;
  layerCounts: Record<Layer, number>;
  onToggleLayer: (layer: Layer) => void;
}

/** Category legend (key, colour + line style, count of my spans) and the layer switches. */
export function CategoryLegend({ counts, layers, layerCounts, onToggleLayer }: Props) {
  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" data-testid="category-legend">
        {SPAN_CATEGORIES.map((c) => (
          <li key={c} className="flex items-center gap-2" data-testid={`legend-${c}`} title={`${CATEGORY_META[c].description} (${CATEGORY_LINE[c].name})`}>
            <kbd className="rounded border border-slate-300 px-1 font-mono text-[10px]">{CATEGORY_META[c].key}</kbd>
            <CategorySwatch category={c} />
            <span className="text-slate-800">{CATEGORY_META[c].label}</span>
            <span className="ml-auto font-mono tabular-nums text-slate-500" data-testid={`legend-count-${c}`}>
              {counts[c]}
            </span>
          </li>
        ))}
      </ul>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="layer-toggles">
        <legend className="sr-only">Layers</legend>
        {LAYERS.map((l) => (
          <label key={l} className="flex items-center gap-1.5" title={LAYER_HINT[l]}>
            <input type="checkbox" checked={layers[l]} onChange={() => onToggleLayer(l)} data-testid={`layer-toggle-${l}`} />
            <span>
              {LAYER_LABEL[l]} <span className="text-slate-500">({layerCounts[l]})</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
