import "server-only";
import type { EvalExample } from "@/lib/data/types";
import type { EvidenceMode } from "@/lib/schemas/datasets";
import { htmlToCanonical } from "@/lib/text/html-to-canonical";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import type { CanonicalDoc } from "@/lib/text/types";
import type { ImportPairPlan, ImportSpanPlan } from "../db/datasets/write-imported-pairs";

export type PlansFromExamplesOptions = {
  examples: readonly EvalExample[];
  evidence: EvidenceMode;
  /** Suggestion model name when evidence goes to suggestions ("<format>-evidence"). */
  evidenceModelName: string;
};

/**
 * Importer examples (lib/data: JSONL, SQuAD, HotpotQA) → pairs: each result becomes a document canonicalized the way
 * the importers located the evidence (default htmlToCanonical / textToCanonical), the example id the externalId, and
 * each evidence span a `vital` gold span or a model suggestion (or nothing), per `evidence`. With gold evidence, an
 * example without evidence (a query its documents cannot answer) is stored as the gold decision "nothing is vital".
 */
export function plansFromExamples({ examples, evidence, evidenceModelName }: PlansFromExamplesOptions): ImportPairPlan[] {
  // SQuAD repeats one paragraph for every question: canonicalize it once.
  const cache = new Map<string, CanonicalDoc>();
  const canonicalOf = (r: { text?: string; html?: string }) => {
    const key = r.html !== undefined ? `h\u0000${r.html}` : `t\u0000${r.text ?? ""}`;
    let c = cache.get(key);
    if (!c) cache.set(key, (c = r.html !== undefined ? htmlToCanonical(r.html) : textToCanonical(r.text ?? "")));
    return c;
  };
  return examples.map((ex) => {
    const canon = ex.results.map(canonicalOf);
    const documents = ex.results.map((r, i) => {
      const c = canon[i]!;
      const title = r.title ?? c.title;
      return {
        text: c.text,
        blocks: c.blocks,
        ...(title !== undefined ? { title } : {}),
        ...(r.url !== undefined ? { url: r.url } : {}),
        ...(r.html !== undefined ? { rawHtml: r.html } : {}),
      };
    });
    const index = new Map(ex.results.map((r, i) => [r.id, i]));
    const seen = new Set<string>();
    const spans: ImportSpanPlan[] = [];
    for (const e of ex.evidence) {
      const documentIndex = index.get(e.resultId);
      if (documentIndex === undefined) continue; // importers only emit evidence of their own results
      const key = `${documentIndex}:${e.start}:${e.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spans.push({ documentIndex, start: e.start, end: e.end, text: documents[documentIndex]!.text.slice(e.start, e.end), category: "vital" });
    }
    return {
      externalId: ex.id,
      query: ex.query,
      documents,
      gold: evidence === "gold" ? spans : [],
      // `"evidence": []` is an answer ("nothing here is vital"), not a missing label: the pair is gold, unanswerable.
      ...(evidence === "gold" && spans.length === 0 ? { goldNoVital: true } : {}),
      suggestions: evidence === "suggestion" ? spans.map((s) => ({ ...s, source: "model" as const, modelName: evidenceModelName })) : [],
    };
  });
}
