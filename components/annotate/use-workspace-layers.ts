"use client";

import { useCallback, useMemo, useState } from "react";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";
import type { PairScoresOut } from "@/lib/schemas/scoring";
import { countCategoriesByLayer, marksByDocument, type LayerSpan } from "@/lib/spans/layer-marks";
import { resultCategorySpans } from "@/lib/spans/result-category-spans";
import type { ClientSuggestion, EditorSpan, Layer, Mark } from "./types";

export interface UseWorkspaceLayersOptions {
  documentIds: readonly string[];
  /** My annotation's spans (the editor's). */
  mine: readonly EditorSpan[];
  gold: PairWorkspaceData["gold"];
  /** Every suggestion of the pair (the model's are taken from here) and the judge's current ones. */
  suggestions: PairWorkspaceData["suggestions"];
  judgeSuggestions: readonly ClientSuggestion[];
  scores: PairScoresOut | null;
}

/**
 * The workspace's span layers: which are shown, their marks per document (lib/spans/layer-marks), the counts per
 * category the legend shows, and the lookups the span popover needs.
 */
export function useWorkspaceLayers({ documentIds, mine, gold, suggestions, judgeSuggestions, scores }: UseWorkspaceLayersOptions) {
  const [layers, setLayers] = useState<Record<Layer, boolean>>({ mine: true, gold: true, judge: true, model: true, categories: true });
  const toggleLayer = useCallback((l: Layer) => setLayers((x) => ({ ...x, [l]: !x[l] })), []);
  const modelSuggestions = useMemo(() => suggestions.filter((s) => s.source === "model"), [suggestions]);
  const mineById = useMemo(() => new Map(mine.map((s) => [s.id, s])), [mine]);
  const goldById = useMemo(() => new Map(gold.map((s) => [s.id, s])), [gold]);
  const suggestionById = useMemo(
    () => new Map([...judgeSuggestions, ...modelSuggestions].map((s) => [s.id, s])),
    [judgeSuggestions, modelSuggestions],
  );
  const acceptedSuggestions = useMemo(() => new Set(mine.flatMap((s) => (s.suggestionId ? [s.suggestionId] : []))), [mine]);

  // The model's category of every token (models with a category head), as runs: why it keeps or drops text.
  const categorySpans = useMemo(() => resultCategorySpans(scores?.results ?? []), [scores]);

  const marksByDoc: Map<string, Mark[]> = useMemo(() => {
    const shown: { layer: Layer; spans: readonly LayerSpan[] }[] = [];
    if (layers.gold) shown.push({ layer: "gold", spans: gold });
    if (layers.mine) shown.push({ layer: "mine", spans: mine });
    if (layers.judge) shown.push({ layer: "judge", spans: judgeSuggestions });
    if (layers.model) shown.push({ layer: "model", spans: modelSuggestions });
    if (layers.categories) shown.push({ layer: "categories", spans: categorySpans });
    return marksByDocument({ documentIds, layers: shown });
  }, [documentIds, layers, gold, mine, judgeSuggestions, modelSuggestions, categorySpans]);

  const counts = useMemo(
    () => countCategoriesByLayer<Layer>({ mine, gold, judge: judgeSuggestions, model: modelSuggestions, categories: categorySpans }),
    [mine, gold, judgeSuggestions, modelSuggestions, categorySpans],
  );

  return { layers, toggleLayer, marksByDoc, counts, mineById, goldById, suggestionById, acceptedSuggestions };
}
