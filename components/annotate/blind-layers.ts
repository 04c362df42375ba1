import type { WorkspaceView } from "@/lib/schemas/annotation";
import { LAYERS, type Layer } from "./types";

/** Layers drawn from the model's or the judge's output: hidden with the predictions. */
const PREDICTION_LAYERS: ReadonlySet<Layer> = new Set(["judge", "model", "categories"]);

/**
 * The layers the workspace offers under blind annotation: no gold layer while blinded, no model or judge layer where
 * the dataset hides predictions (the server sent none of their spans: an empty toggle would still suggest them).
 */
export function visibleLayers(view: WorkspaceView): readonly Layer[] {
  return LAYERS.filter((l) => (l === "gold" ? !view.blinded : PREDICTION_LAYERS.has(l) ? view.predictions : true));
}
