import type { Span } from "../schemas";
import { assertDocumentsValid, compareSpans } from "./check-documents";
import {
  LS_FROM_NAME,
  LS_TO_NAME,
  type LabelStudioAnnotation,
  type LabelStudioPrediction,
  type LabelStudioResult,
  type LabelStudioTask,
} from "./label-studio-types";
import type { SpanDocument } from "./types";

export interface ExportLabelStudioOptions {
  documents: readonly SpanDocument[];
  /** Id of the first task (default 1): a streamed export numbers batch after batch. */
  firstTaskId?: number;
  /** Id of the first annotation (default 1). */
  firstAnnotationId?: number;
}

/**
 * One Label Studio task per pair × document. Human and gold spans become annotations (one per author; gold has
 * ground_truth: true), model and judge spans become predictions (one per model, model_version "model:<name>").
 * Result ids are the span ids (generated "<task>-<n>" when a span has none).
 */
export function exportLabelStudio(opts: ExportLabelStudioOptions): LabelStudioTask[] {
  assertDocumentsValid(opts.documents, "Label Studio export");
  let annotationId = (opts.firstAnnotationId ?? 1) - 1;
  return opts.documents.map((d, i) => {
    const taskId = i + (opts.firstTaskId ?? 1);
    let generated = 0;
    const toResult = (s: Span, origin: LabelStudioResult["origin"]): LabelStudioResult => {
      const r: LabelStudioResult = {
        id: s.id ?? `${taskId}-${++generated}`,
        from_name: LS_FROM_NAME,
        to_name: LS_TO_NAME,
        type: "labels",
        origin,
        value: { start: s.start, end: s.end, text: s.text, labels: [s.category] },
      };
      if (s.score !== undefined) {
        r.value.score = s.score;
        r.score = s.score;
      }
      return r;
    };
    const layers = groupBy(d.spans.slice().sort(compareSpans), (s) => `${s.source}\u0000${s.author ?? ""}`);
    const annotations: LabelStudioAnnotation[] = [];
    const predictions: LabelStudioPrediction[] = [];
    for (const spans of layers.values()) {
      const { source, author } = spans[0]!;
      if (source === "human" || source === "gold") {
        const a: LabelStudioAnnotation = { id: ++annotationId, ground_truth: source === "gold", result: spans.map((s) => toResult(s, "manual")) };
        if (author !== undefined) a.completed_by = author;
        annotations.push(a);
      } else {
        const scores = spans.flatMap((s) => (s.score === undefined ? [] : [s.score]));
        const p: LabelStudioPrediction = {
          model_version: author === undefined ? source : `${source}:${author}`,
          result: spans.map((s) => toResult(s, "prediction")),
        };
        if (scores.length) p.score = scores.reduce((x, y) => x + y, 0) / scores.length;
        predictions.push(p);
      }
    }
    const data: LabelStudioTask["data"] = { text: d.text, query: d.query, pairId: d.pairId, documentId: d.documentId };
    if (d.url !== undefined) data.url = d.url;
    if (d.title !== undefined) data.title = d.title;
    if (d.externalId !== undefined) data.externalId = d.externalId;
    return { id: taskId, data, annotations, predictions };
  });
}

function groupBy<T>(list: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    let g = m.get(k);
    if (!g) m.set(k, (g = []));
    g.push(x);
  }
  return m;
}
