import "server-only";
import { snapSpansToWords } from "@/lib/spans/snap-spans-to-words";
import type { SpanInput } from "../../../schemas/spans";
import type { SpanRow } from "./span-rows";

export type SnapSavedSpansOptions = {
  /** The complete list a save stores, already validated against the documents. */
  spans: readonly SpanInput[];
  /** The scope's live spans: a stored exact span sent back unchanged (without the flag) stays exact. */
  existing: readonly Pick<SpanRow, "id" | "start" | "end" | "exact">[];
  documents: ReadonlyMap<string, { text: string }>;
};

/**
 * What a save path stores (annotations, accepted suggestions, gold): a span never starts or ends inside a word unless
 * a person placed it so on purpose (`exact`, an Alt-selection). Everything else — model units, judge quotes located
 * only partly, a selection snapped to sub-word tokens, fragments saved before this rule — is widened to whole words.
 */
export function snapSavedSpans({ spans, existing, documents }: SnapSavedSpansOptions): SpanInput[] {
  const exact = new Map(existing.filter((r) => r.exact).map((r) => [r.id, r]));
  const marked = spans.map((s) => {
    const row = s.exact === undefined && s.id ? exact.get(s.id) : undefined;
    return row && row.start === s.start && row.end === s.end ? { ...s, exact: true } : s;
  });
  const texts = new Map([...documents].map(([id, d]) => [id, d.text]));
  return snapSpansToWords({ spans: marked, texts }).spans;
}
