import { readFile } from "node:fs/promises";
import { AppError } from "../errors";
import { parseGoldJsonl } from "../spans/formats/parse-gold-jsonl";
import type { GoldJsonlRecord } from "../spans/formats/gold-jsonl-schema";
import type { Block, CanonicalDoc } from "../text/types";
import { blocksFromCanonicalText } from "./training/gold-examples";
import type { CategorySpan, EvalExample } from "./types";

/** What the evaluation reads of a gold JSONL record (the app's research views build the same from the database). */
export type GoldEvalRecord = Pick<GoldJsonlRecord, "pairId" | "query" | "documentId" | "text" | "title" | "url" | "externalId"> & {
  blocks?: Block[];
  spans: readonly Pick<GoldJsonlRecord["spans"][number], "start" | "end" | "category" | "source">[];
};

/**
 * The app's gold JSONL export (one line per pair × document) → eval examples, one per pair: evidence = vital
 * spans (gold when the pair has gold, else every layer exported), categories = every span. A pair with no vital
 * span is a query its documents cannot answer.
 */
export function goldRecordsToEvalExamples(records: readonly GoldEvalRecord[]): EvalExample[] {
  const byPair = new Map<string, GoldEvalRecord[]>();
  for (const r of records) {
    const list = byPair.get(r.pairId);
    if (list) list.push(r);
    else byPair.set(r.pairId, [r]);
  }
  const out: EvalExample[] = [];
  for (const [pairId, docs] of byPair) {
    const hasGold = docs.some((d) => d.spans.some((s) => s.source === "gold"));
    const spans = docs.flatMap((d) =>
      d.spans
        .filter((s) => !hasGold || s.source === "gold")
        .map((s): CategorySpan => ({ resultId: d.documentId, start: s.start, end: s.end, category: s.category })),
    );
    out.push({
      id: pairId,
      query: docs[0]!.query,
      results: docs.map((d) => ({
        id: d.documentId,
        doc: lazyDoc(d),
        ...(d.title !== undefined ? { title: d.title } : {}),
        ...(d.url !== undefined ? { url: d.url } : {}),
      })),
      evidence: spans.filter((s) => s.category === "vital").map(({ resultId, start, end }) => ({ resultId, start, end })),
      categories: spans,
      group: docs[0]!.externalId ?? pairId,
    });
  }
  return out;
}

/** Blocks are read (or rebuilt from the text) on first use: a document prepared before never needs them. */
function lazyDoc(d: GoldEvalRecord): CanonicalDoc {
  let blocks: Block[] | undefined;
  return {
    text: d.text,
    get blocks() {
      return (blocks ??= d.blocks ?? blocksFromCanonicalText(d.text));
    },
  };
}

export async function readGoldJsonl(path: string): Promise<EvalExample[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  const parsed = parseGoldJsonl({ input: bytes, maxBytes: Number.MAX_SAFE_INTEGER });
  if (!parsed.ok) {
    const lines = parsed.errors.slice(0, 20).map((e) => `  ${e.record}: ${e.message}`);
    throw new AppError("UNPROCESSABLE", `${path}: ${parsed.errors.length} invalid record(s), nothing read:\n${lines.join("\n")}`);
  }
  return goldRecordsToEvalExamples(parsed.records);
}
