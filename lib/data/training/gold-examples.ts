import type { GoldJsonlRecord } from "../../spans/formats/gold-jsonl-schema";
import type { Block, CanonicalDoc } from "../../text/types";
import { CAT, CAT_DROP_UNKNOWN } from "./categories";
import type { LabeledDoc } from "./page-builder";
import type { TrainingExample } from "./types";

/** Canonical text is blocks joined by "\n": rebuild the blocks when an export did not carry them. */
export function blocksFromCanonicalText(text: string): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (line.trim().length > 0) blocks.push({ start, end: start + line.length, kind: "paragraph", role: "main" });
    start += line.length + 1;
  }
  return blocks;
}

/**
 * The app's gold JSONL export (one line per pair × document) → training examples, one per pair with its
 * documents as the result set. Gold and human spans give categories; text no span covers is "not needed"
 * (keep 0) with no category label.
 */
export function goldRecordsToExamples(records: readonly (GoldJsonlRecord & { blocks?: Block[] })[]): TrainingExample[] {
  const byPair = new Map<string, (GoldJsonlRecord & { blocks?: Block[] })[]>();
  for (const r of records) {
    const list = byPair.get(r.pairId) ?? [];
    list.push(r);
    byPair.set(r.pairId, list);
  }
  const out: TrainingExample[] = [];
  for (const list of byPair.values()) {
    const docs: LabeledDoc[] = list.map((r) => {
      const doc: CanonicalDoc = { text: r.text, blocks: r.blocks ?? blocksFromCanonicalText(r.text) };
      const categories = new Uint8Array(r.text.length).fill(CAT_DROP_UNKNOWN);
      // Vital last: a vital span wins over any other category it overlaps.
      const spans = [...r.spans].sort((a, b) => (a.category === "vital" ? 1 : 0) - (b.category === "vital" ? 1 : 0));
      for (const s of spans) categories.fill(CAT[s.category], s.start, s.end);
      const labeled: LabeledDoc = { doc, categories };
      if (r.title) labeled.title = r.title;
      return labeled;
    });
    out.push({ query: list[0]!.query, docs, source: "gold" });
  }
  return out;
}
