// Paragraph-rule guard probe (issue 29; model card, "An answer gate on passages"): the answer gate's paragraph rule
// reads a passage of several paragraphs, and the validation sets that guard it (nq-long, the answerable halves of
// unanswerable-search and -topical) are all Wikipedia. Here every answer-sentence source builds the same passages
// (its answer paragraph among two more of the same article, story or site, then BM25-retrieved ones: the
// construction of nq-long), so privacy policies, stories and SelQA's articles are read too, as written and typed in
// lowercase. Prints, per model, the share of these answerable queries that keep nothing at the default threshold (no
// budget) and their evidence recall.
//   node --conditions=react-server --import tsx experiments/paragraph-gate-guard.ts --data ../shared/data
//     --models snippet-lab,<copy> [--split val] [--max-queries 300] [--sources nq,selqa,fairytale,policyqa]
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    models: { type: "string", default: "snippet-lab" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "300" },
    sources: { type: "string", default: "nq,selqa,fairytale,policyqa" },
  },
});
const { loadAnswerSentenceSource, splitExamples, SPLITS } = await import("../lib/data/load-shared-data");
const { buildSearchPassageExamples } = await import("../lib/data/search-passages");
const { createRng } = await import("../lib/data/synthesize-page");
const { prepareEvalResults } = await import("../lib/eval/run-eval");
const { evalMethodOf } = await import("../lib/eval/eval-method-of");
const { listModels } = await import("../lib/server/model/list-models");
const { resolveMethod } = await import("../lib/server/scoring/resolve-method");
const { formatModelMethod } = await import("../lib/engine/methods");
const { typedAsSearchQuery } = await import("../lib/eval/fit-search-rerank");
const { selectWithProfile } = await import("../lib/engine/select-with-profile");
const { computeQueryMetrics } = await import("../lib/eval/compute-query-metrics");
type AnswerSentenceSource = Parameters<typeof loadAnswerSentenceSource>[1];

const models = values.models.split(",");
const methods = await Promise.all(models.map(async (m) => evalMethodOf(resolveMethod(formatModelMethod(m), await listModels()))));
console.log(`| passages of three paragraphs (${values.split}), answerable | queries | ${models.join(" | ")} |`);
console.log(`|---|---|${models.map(() => "---").join("|")}|`);
for (const source of values.sources.split(",") as AnswerSentenceSource[]) {
  const queries = splitExamples(await loadAnswerSentenceSource(values.data, source), SPLITS.answerSentences)[values.split as "val" | "report"];
  const examples = buildSearchPassageExamples({ queries, rng: createRng(7), max: Number(values["max-queries"]), mode: "long" });
  for (const typed of [false, true]) {
    const cells: string[] = [];
    for (const method of methods) {
      const profile = method.profile!;
      let nothing = 0;
      let recall = 0;
      for (const ex0 of examples) {
        const ex = typed ? { ...ex0, query: typedAsSearchQuery(ex0.query) } : ex0;
        const results = prepareEvalResults(ex);
        const scorer = await method.createScorer(ex);
        const scored = await scorer.scoreUnits({ query: ex.query, results, aggregation: profile.aggregation });
        const m = computeQueryMetrics({
          selection: selectWithProfile({ results, unitScores: scored.unitScores, budget: Infinity, profile }),
          evidence: ex.evidence,
        });
        if (m.tokensOut === 0) nothing++;
        else recall += m.evidenceTotal ? m.evidenceKept / m.evidenceTotal : 0;
      }
      cells.push(`${((100 * nothing) / examples.length).toFixed(1)}% / ${(recall / examples.length).toFixed(3)}`);
    }
    console.log(`| ${source}${typed ? "-kw" : ""} | ${examples.length} | ${cells.join(" | ")} |`);
  }
}
