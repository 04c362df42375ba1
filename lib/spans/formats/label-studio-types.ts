import type { SpanCategory } from "../categories";

/** Label Studio JSON (text + "labels" control named "label" on a "text" object; the labeling config: docs/data-formats.md). */
export interface LabelStudioResult {
  id: string;
  from_name: string;
  to_name: string;
  type: "labels";
  origin: "manual" | "prediction";
  value: { start: number; end: number; text: string; labels: SpanCategory[]; score?: number };
  /** Region confidence where Label Studio reads it (mirrors value.score). */
  score?: number;
}

export interface LabelStudioAnnotation {
  id: number;
  /** Author of the human/gold layer; omitted when unknown. */
  completed_by?: string;
  /** true for the gold layer. */
  ground_truth: boolean;
  result: LabelStudioResult[];
}

export interface LabelStudioPrediction {
  /** "model:<name>" / "judge:<name>" ("model" / "judge" without a name). */
  model_version: string;
  /** Mean region score (Label Studio sorts tasks by it). */
  score?: number;
  result: LabelStudioResult[];
}

export interface LabelStudioTask {
  id: number;
  data: { text: string; query: string; pairId: string; documentId: string; url?: string; title?: string; externalId?: string };
  annotations: LabelStudioAnnotation[];
  predictions: LabelStudioPrediction[];
}

export const LS_FROM_NAME = "label";
export const LS_TO_NAME = "text";
