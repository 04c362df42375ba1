import { SPAN_CATEGORIES, type SpanCategory } from "./categories";

/** A span of one layer of the workspace (an annotation's span, gold, a suggestion, a model category run). */
export type LayerSpan = { id: string; documentId: string; start: number; end: number; category: SpanCategory };

/** A span drawn over its document's text, keyed by its layer and id. */
export type LayerMark<L extends string> = { key: string; layer: L; id: string; category: SpanCategory; start: number; end: number };

/**
 * The marks of the shown layers per document, in the order the layers are given (later layers draw on top). Every
 * document has an entry (empty when nothing marks it); spans of documents not listed are left out.
 */
export function marksByDocument<L extends string>({
  documentIds,
  layers,
}: {
  documentIds: readonly string[];
  layers: readonly { layer: L; spans: readonly LayerSpan[] }[];
}): Map<string, LayerMark<L>[]> {
  const out = new Map<string, LayerMark<L>[]>(documentIds.map((id) => [id, []]));
  for (const { layer, spans } of layers) {
    for (const s of spans)
      out.get(s.documentId)?.push({ key: `${layer}:${s.id}`, layer, id: s.id, category: s.category, start: s.start, end: s.end });
  }
  return out;
}

/** Per layer, how many of its spans have each category (every category present, 0 when none). */
export function countCategoriesByLayer<L extends string>(
  spans: Readonly<Record<L, readonly { category: SpanCategory }[]>>,
): Record<L, Record<SpanCategory, number>> {
  const out = {} as Record<L, Record<SpanCategory, number>>;
  for (const layer of Object.keys(spans) as L[]) {
    const counts = Object.fromEntries(SPAN_CATEGORIES.map((k) => [k, 0])) as Record<SpanCategory, number>;
    for (const s of spans[layer]) counts[s.category]++;
    out[layer] = counts;
  }
  return out;
}
