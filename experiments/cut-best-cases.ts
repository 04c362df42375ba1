// Where `cutBestBelow` changes a selection, and what its settings change: per budgeted set (a share of the tokens or
// a fixed count), the queries whose selection the first variant's cut changes, how many of them gain or lose on the
// set's measure (answer kept where that is its measure, else evidence recall), how much of the best unit its prefix
// holds (median), and the set's measure without the cut and under each variant (`cutBestBelow/cutBestMinShare`).
// One scoring per query; the selections are re-run from it, and any selection that differs from the one without the
// cut is measured (so a variant may change more than the cut).
//   node --conditions=react-server --import tsx experiments/cut-best-cases.ts --data ../shared/data \
//     [--split val] [--max-queries 300] [--sets fairytale,policyqa,uk-ict,drcd] [--method model:snippet-lab] \
//     [--variants 0.1/0,0.1/0.9,0.25/0.9]
import { parseArgs } from "node:util";
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import { buildDevSets } from "../lib/eval/dev-sets";
import { computeQueryMetrics } from "../lib/eval/compute-query-metrics";
import { prepareEvalResults } from "../lib/eval/run-eval";
import { summarizeQueryMetrics } from "../lib/eval/summarize-query-metrics";
import type { QueryMetrics } from "../lib/eval/types";
import { sameChoice, selectionOfChoice, type UnitChoice } from "../lib/engine/select-spans";
import { BASELINE_PROFILE, chooseWithProfile } from "../lib/engine/select-with-profile";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "300" },
    sets: { type: "string", default: "fairytale,policyqa,uk-ict,drcd,cmrc,claims,selqa,squad-en,squad-it" },
    method: { type: "string", default: "model:snippet-lab" },
    variants: { type: "string", default: "0.1/0,0.1/0.9" },
  },
});
const [method] = await resolveDevSetMethods(values.method);
if (!method) throw new Error(`no method ${values.method}`);
const base = { ...(method.profile ?? BASELINE_PROFILE) };
delete base.cutBestBelow;
delete base.cutBestMinShare;
const variants = values.variants.split(",").map((v) => {
  const [below, minShare] = v.split("/").map(Number);
  return { label: v, profile: { ...base, cutBestBelow: below!, cutBestMinShare: minShare ?? 0 } };
});
// Every set is built and the asked ones kept, as eval-all does (the sets share one sampling stream).
const built = await buildDevSets({ dataDir: values.data, split: values.split as never, maxQueries: Number(values["max-queries"]) });
const head = [
  "set",
  "queries",
  `${variants[0]!.label}: cut fires`,
  "gains",
  "losses",
  "prefix share (median)",
  "without",
  ...variants.map((v) => v.label),
];
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
// Sets under a budget (a share of the tokens or a fixed count), not the threshold-only ones or the real pages.
const budgeted = built.filter((s) => s.measure !== "pages" && !s.setting.useModelThreshold);
for (const set of budgeted.filter((s) => values.sets.split(",").includes(s.name))) {
  const byAnswer = set.measure === "answerKept";
  const without: QueryMetrics[] = [];
  const runs = variants.map(() => [] as QueryMetrics[]);
  let fires = 0;
  let gains = 0;
  let losses = 0;
  const prefixShares: number[] = [];
  for (const ex of set.examples) {
    const results = prepareEvalResults(ex);
    const tokensIn = results.reduce((a, r) => a + r.tokensIn, 0);
    const budget = set.setting.ratio !== undefined ? set.setting.ratio * tokensIn : set.setting.budget!;
    const scorer = await method.createScorer(ex);
    const { unitScores } = await scorer.scoreUnits({ query: ex.query, results, aggregation: "mean" });
    const measure = (choice: UnitChoice) =>
      computeQueryMetrics({
        selection: selectionOfChoice({ results, unitScores, budget, threshold: 0, choice }),
        evidence: ex.evidence,
        ...(ex.answers ? { answers: ex.answers } : {}),
      });
    const measureOf = (m: QueryMetrics) => (byAnswer ? Number(m.answerKept ?? 0) : m.evidenceTotal ? m.evidenceKept / m.evidenceTotal : 0);
    const plain = chooseWithProfile({ results, unitScores, budget, threshold: 0, profile: base });
    const m0 = measure(plain);
    without.push(m0);
    variants.forEach((v, i) => {
      const choice = chooseWithProfile({ results, unitScores, budget, threshold: 0, profile: v.profile });
      const fired = choice.cut !== undefined && plain.cut === undefined;
      const m1 = sameChoice(choice, plain) ? m0 : measure(choice);
      runs[i]!.push(m1);
      if (i === 0 && fired) {
        fires++;
        if (measureOf(m1) > measureOf(m0)) gains++;
        if (measureOf(m1) < measureOf(m0)) losses++;
        const unit = results[choice.cut!.r]!.units[choice.cut!.u]!;
        prefixShares.push((choice.cut!.end - unit.start) / (unit.end - unit.start));
      }
    });
  }
  prefixShares.sort((a, b) => a - b);
  const f = (list: QueryMetrics[]) => {
    const summary = summarizeQueryMetrics(list);
    return (byAnswer ? (summary.answerKept ?? 0) : summary.evidenceRecall).toFixed(3);
  };
  const median = prefixShares.length ? prefixShares[Math.floor(prefixShares.length / 2)]!.toFixed(2) : "–";
  console.log(`| ${[set.name, set.examples.length, fires, gains, losses, median, f(without), ...runs.map(f)].join(" | ")} |`);
}
