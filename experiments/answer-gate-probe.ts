// Answer-gate probe (issue 29, "keep nothing when nothing answers"): can a learned gate over the model's best unit
// scores and the query's coverage by the result's units (answer-gate.ts) keep nothing on unanswerable questions that
// the model's fallback floor lets through? The weights are fitted (fit-answer-gate.ts) on the TRAINING split of the
// unanswerable sets and of the answerable kinds; the threshold is chosen on the VALIDATION split: the highest that
// makes at most --max-abstained of every answerable validation set's queries keep nothing. Prints the sweep.
//   node --conditions=react-server --import tsx experiments/answer-gate-probe.ts --data ../shared/data \
//     [--model NAME] [--train-sets unanswerable-topical,…] [--train-queries 600] [--max-queries 300] [--max-abstained 0.05]
import { parseArgs } from "node:util";
import type { DevSetName } from "../lib/eval/dev-sets";

/**
 * Training sets of the weights: topical and off-article unanswerable questions, and the answerable kinds whose
 * questions share fewer words with their answer (real search queries, privacy policies, narrative, Chinese).
 */
const TRAIN_SETS = [
  "unanswerable-topical",
  "unanswerable",
  "nq",
  "policyqa",
  "selqa",
  "fairytale",
  "cmrc",
  "drcd",
  "squad-en",
  "real-pages",
] as const;

/** Validation sets the threshold must not hurt (answerable queries) or should help (unanswerable ones). */
const VAL_SETS = [
  "unanswerable-topical",
  "unanswerable",
  "real-pages",
  "hotpot",
  "squad-en",
  "squad-it",
  "cmrc",
  "pages-en",
  "pages-it",
  "pages-zh",
  "nq",
  "selqa",
  "fairytale",
  "policyqa",
  "drcd",
  "uk-ict",
] as const;

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    model: { type: "string" },
    "train-sets": { type: "string" },
    "train-queries": { type: "string", default: "600" },
    "max-queries": { type: "string", default: "300" },
    "max-abstained": { type: "string", default: "0.05" },
  },
});
const dataDir = values.data;
const { buildDevSets } = await import("../lib/eval/dev-sets");
const { prepareEvalResults } = await import("../lib/eval/run-eval");
const { evalMethodOf } = await import("../lib/eval/eval-method-of");
const { answerGateFeatures, answerability } = await import("./answer-gate");
const { chooseGateThreshold, fitLogistic } = await import("./fit-answer-gate");
const { defaultModelName, listModels } = await import("../lib/server/model/list-models");
const { resolveMethod } = await import("../lib/server/scoring/resolve-method");
const { formatModelMethod } = await import("../lib/engine/methods");
const name = values.model ?? defaultModelName();
const model = resolveMethod(formatModelMethod(name), await listModels());
const method = evalMethodOf(model);
const scored = async (example: Parameters<typeof prepareEvalResults>[0]) => {
  const results = prepareEvalResults(example);
  const scorer = await method.createScorer(example);
  const { unitScores } = await scorer.scoreUnits({ query: example.query, results, aggregation: method.profile?.aggregation ?? "mean" });
  return { results, unitScores };
};

// 1. The weights, on the training split (never the sets the threshold or the figures are measured on).
const train = await buildDevSets({
  dataDir,
  split: "train" as never, // the builders take any split; the type keeps figures off the training split
  names: values["train-sets"] ? (values["train-sets"].split(",") as DevSetName[]) : TRAIN_SETS,
  maxQueries: Number(values["train-queries"]),
});
const examples = [];
for (const set of train) {
  for (const ex of set.examples) {
    const { results, unitScores } = await scored(ex);
    // A result set is as answerable as its most convincing result: the one holding the best unit.
    let r = 0;
    unitScores.forEach((s, i) => {
      if (Math.max(0, ...s) > Math.max(0, ...(unitScores[r] ?? []))) r = i;
    });
    const result = results[r];
    const features = result && answerGateFeatures({ query: ex.query, result, scores: unitScores[r] ?? [] });
    if (features) examples.push({ features, answerable: ex.evidence.length > 0 });
  }
}
const fitted = fitLogistic(examples);
console.log(`fitted on ${examples.length} training questions: weights ${fitted.weights.join(", ")}, bias ${fitted.bias}`);

// 2. The threshold, on the validation split.
// All sets built, the asked ones kept: the same validation questions as eval-all's (they share one sampling stream).
const sets = (await buildDevSets({ dataDir, split: "val", maxQueries: Number(values["max-queries"]) })).filter((s) =>
  (VAL_SETS as readonly string[]).includes(s.name),
);
const perSet: Record<string, { answerability: number; answerable: boolean; best: number }[]> = {};
for (const set of sets) {
  const list: { answerability: number; answerable: boolean; best: number }[] = [];
  for (const ex of set.examples) {
    const { results, unitScores } = await scored(ex);
    list.push({
      answerability: answerability({ query: ex.query, results, unitScores, gate: fitted }),
      answerable: ex.evidence.length > 0,
      best: Math.max(0, ...unitScores.flat()),
    });
  }
  perSet[set.name] = list;
}
const maxAbstained = Number(values["max-abstained"]);
const { chosen, sweep } = chooseGateThreshold({ sets: perSet, maxAbstained });
for (const c of sweep.filter((c) => Math.round(c.threshold * 100) % 5 === 0 || c === chosen))
  console.log(`  ${c.threshold.toFixed(2)}  kept nothing ${c.keptNothing}  worst answerable set ${c.maxAbstained}  ${JSON.stringify(c.abstained)}`);
const unanswerable = (set: string, t: number) => {
  const u = (perSet[set] ?? []).filter((q) => !q.answerable);
  return u.length ? Math.round((u.filter((q) => q.answerability < t).length / u.length) * 1000) / 1000 : 0;
};
console.log(
  `model ${name}: gate threshold ${chosen.threshold} (at most ${maxAbstained} of any answerable set kept nothing); ` +
    `unanswerable-topical kept nothing ${unanswerable("unanswerable-topical", chosen.threshold)}, unanswerable ${unanswerable("unanswerable", chosen.threshold)}`,
);

// What the gate adds to the model's own gate (best unit at or below its fallback floor keeps nothing at the default
// threshold): per set, the share keeping nothing with the floor alone and with floor or gate.
const floor = model.profile.fallbackFloor ?? 0;
for (const t of [...new Set([chosen.threshold, 0.2, 0.25, 0.3])]) {
  const cells = Object.entries(perSet).map(([set, list]) => {
    const share = (qs: typeof list, gated: (q: (typeof list)[number]) => boolean) =>
      qs.length ? (qs.filter(gated).length / qs.length).toFixed(3) : "–";
    const un = list.filter((q) => !q.answerable);
    const an = list.filter((q) => q.answerable);
    const byFloor = (q: (typeof list)[number]) => q.best <= floor;
    const byEither = (q: (typeof list)[number]) => byFloor(q) || q.answerability < t;
    return `${set} ${un.length ? `unanswerable ${share(un, byFloor)}→${share(un, byEither)}` : ""} ${an.length ? `answerable ${share(an, byFloor)}→${share(an, byEither)}` : ""}`;
  });
  console.log(`gate ${t} with the fallback floor ${floor} (kept nothing, floor alone → floor or gate):\n  ${cells.join("\n  ")}`);
}
