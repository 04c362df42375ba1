import { textToCanonical } from "../../text/text-to-canonical";
import type { Rng } from "../synthesize-page";
import type { EvalExample } from "../types";
import { addPoolBlocks, sliceRun, type BoilerplatePage } from "./boilerplate-pool";
import { CAT } from "./categories";
import { labelDoc, PageBuilder, type LabeledDoc } from "./page-builder";
import type { TrainingExample } from "./types";

export interface BuildHotpotExamplesOptions {
  examples: readonly EvalExample[];
  boilerplate: readonly BoilerplatePage[];
  rng: Rng;
  /** Copies of each question (different result orders and noise). Default 3. */
  copies?: number;
  /** Probability that a paragraph of a copy sits inside a real page's boilerplate. Default 0.25. */
  noisy?: number;
}

/**
 * HotpotQA distractor questions → result sets of 10 titled paragraphs, supporting sentences vital, the rest
 * off-topic. Copies shuffle the order (the gold paragraphs move) and embed some paragraphs in real boilerplate.
 */
export function buildHotpotExamples(opts: BuildHotpotExamplesOptions): TrainingExample[] {
  const { rng, boilerplate } = opts;
  const copies = opts.copies ?? 3;
  const noisy = opts.noisy ?? 0.25;
  const out: TrainingExample[] = [];
  for (const ex of opts.examples) {
    const base = ex.results.map((r) => {
      const doc = textToCanonical(r.text ?? "");
      const overrides = ex.evidence.filter((e) => e.resultId === r.id).map((e) => ({ start: e.start, end: e.end, cat: CAT.vital }));
      return { doc, overrides, title: r.title ?? r.id };
    });
    for (let c = 0; c < copies; c++) {
      const docs: LabeledDoc[] = base.map((b) => {
        if (c === 0 || rng() >= noisy || boilerplate.length === 0) return labelDoc(b.doc, CAT.off_topic, b.overrides, b.title);
        const bp = boilerplate[Math.floor(rng() * boilerplate.length)]!;
        const page = new PageBuilder();
        addPoolBlocks(page, sliceRun(rng, bp.top, 10));
        page.addBlock({ text: b.title, kind: "heading", level: 1 }, CAT.metadata);
        page.addDoc(b.doc, CAT.off_topic, b.overrides);
        addPoolBlocks(page, sliceRun(rng, bp.bottom, 10));
        return page.build(b.title);
      });
      // The first copy keeps the file's order; the others shuffle it.
      if (c > 0) {
        for (let i = docs.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [docs[i], docs[j]] = [docs[j]!, docs[i]!];
        }
      }
      out.push({ query: ex.query, docs, source: "hotpot", locale: "en" });
    }
  }
  return out;
}
