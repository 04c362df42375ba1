import { buildDevSets, withoutTitles } from "./lib/eval/dev-sets";
import { resolveDevSetMethods } from "./cli/commands/resolve-dev-set-methods";
import { prepareEvalResults } from "./lib/eval/run-eval";
import { selectSpans, selectionFloors } from "./lib/engine/select-spans";
import { computeQueryMetrics } from "./lib/eval/compute-query-metrics";
import { entryTitle } from "./lib/features/entry-title";
import type { EvalExample } from "./lib/data/types";
const sets = await buildDevSets({ dataDir: "../shared/data", split: "val", maxQueries: 400, names: ["hotpot"] as any });
const methods = await resolveDevSetMethods(process.argv[2] ?? "model:snippet-lab,model:snippet-lab-teacher,bm25");
const named = (ex: EvalExample): EvalExample => ({ ...ex, results: ex.results.map((r) => { const t = entryTitle((r.text ?? "").split("\n")[0]!); return t ? { ...r, title: t } : r; }) });
for (const set of sets) {
  const conds: Array<[string, (e: EvalExample) => EvalExample]> = [["titles", (e) => e], ["none", withoutTitles], ["entry names", (e) => named(withoutTitles(e))]];
  for (const [cn, f] of conds) {
    const line: string[] = [];
    for (const m of methods) {
      let sum = 0;
      for (const ex0 of set.examples) {
        const ex = f(ex0);
        const results = prepareEvalResults(ex);
        const tokensIn = results.reduce((a, r) => a + r.tokensIn, 0);
        const s = await (await m.createScorer(ex)).scoreUnits({ query: ex.query, results, aggregation: "mean" });
        const sel = selectSpans({ results, unitScores: s.unitScores, budget: 0.2 * tokensIn, threshold: 0, ...selectionFloors(m) });
        const qm = computeQueryMetrics({ selection: sel, evidence: ex.evidence });
        sum += qm.evidenceKept / Math.max(1, qm.evidenceTotal);
      }
      line.push(`${m.name} ${(sum / set.examples.length).toFixed(3)}`);
    }
    console.log(cn, set.examples.length, line.join("  "));
  }
}
