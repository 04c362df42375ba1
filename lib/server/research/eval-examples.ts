import "server-only";
import { goldRecordsToEvalExamples } from "@/lib/data/read-gold-jsonl";
import type { EvalExample } from "@/lib/data/types";
import type { EvalPair } from "../db/research/list-eval-pairs";
import type { StoredResult } from "./prepared-results-cache";

/**
 * Stored gold pairs → evaluation examples through the very function `snippet-lab eval --format gold-jsonl` reads the
 * app's export with (vital gold spans are the evidence, every gold span's category is reported), so the app's sweeps
 * and the CLI evaluate the same examples. Each document's language goes along as its segmentation locale (the
 * workspace segments with it too; the export carries none, so the CLI segments those documents as English).
 */
export function evalExamplesOfPairs(pairs: readonly EvalPair[]): EvalExample[] {
  const records = pairs.flatMap((p) =>
    p.documents.map((d) => ({
      pairId: p.id,
      query: p.query,
      documentId: d.id,
      text: d.text,
      // A getter, so the blocks are parsed only for a document not prepared before.
      get blocks() {
        return d.blocks;
      },
      ...(d.title !== null ? { title: d.title } : {}),
      ...(d.url !== null ? { url: d.url } : {}),
      ...(p.externalId !== null ? { externalId: p.externalId } : {}),
      spans: p.gold.filter((s) => s.documentId === d.id).map((s) => ({ start: s.start, end: s.end, category: s.category, source: "gold" as const })),
    })),
  );
  const lang = new Map(pairs.flatMap((p) => p.documents.map((d) => [d.id, d.lang] as const)));
  return goldRecordsToEvalExamples(records).map((ex) => ({
    ...ex,
    results: ex.results.map((r) => {
      const locale = lang.get(r.id);
      return locale ? { ...r, locale } : r;
    }),
  }));
}

/**
 * Only the result sets of stored pairs (documents in order, as evalExamplesOfPairs gives them: the same prepared-units
 * cache entries), without evidence or categories: the category breakdown reads its labels itself and skips building
 * ten thousand examples per request.
 */
export function storedResultsOfPairs(pairs: readonly EvalPair[]): StoredResult[][] {
  return pairs.map((p) =>
    p.documents.map((d) => {
      const r: StoredResult = {
        id: d.id,
        // A getter, so the blocks are parsed only for a document not prepared before.
        doc: {
          text: d.text,
          get blocks() {
            return d.blocks;
          },
        },
      };
      if (d.title !== null) r.title = d.title;
      if (d.url !== null) r.url = d.url;
      if (d.lang) r.locale = d.lang;
      return r;
    }),
  );
}
