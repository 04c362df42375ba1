import { writeFileSync } from "node:fs";
import { AppError } from "../../lib/errors";
import type { EvalExample } from "../../lib/data/types";
import type { PreparedResult } from "../../lib/engine/types";
import type { SelectionProfile, SelectionStage } from "../../lib/engine/profile";
import { defineCommand } from "../define-command";
import { describeCommit } from "../describe-commit";
import { calibrationSetKind, calibrationSetScore } from "../../lib/eval/calibration-set-score";

const usage = `snippet-lab calibrate --model NAME --data DIR [--write] [--json OUT]

Chooses a model's default threshold (then its fallback floor) on the VALIDATION split of the public data (never on the report split) and
reports how well its probabilities are calibrated. The threshold maximises, at preset low (a 1,000-token budget),
the mean over realistic sets of the F1 of kept characters against needed characters — real pages with the title
as query, question pages in English, Italian and Chinese with real boilerplate, multi-hop result sets — with
questions the page cannot answer scored by how often nothing is kept (another article's page, and paragraphs of the
question's own article half of which lack the answer: the mean of F1 and kept-nothing). The fallback floor is then chosen on the same
objective; above the threshold it gates a result set whose best unit does not clear it (keep nothing), and such a
floor may make at most 5% of any answerable set's queries keep nothing. Last, the selection floor: the score at or
below which a unit never fills a budget (budget-only selection, threshold 0, as \`eval --budgets/--ratios\` and the
dev sets' budget settings run). It maximises the mean evidence recall of the answerable sets at their dev-set
setting (question pages at 200 tokens, multi-hop at 20% of tokens); among equal floors the largest wins, so no
budget is filled for nothing. It changes nothing above the threshold.

  --model NAME      model folder under models/ (default: the default model)
  --data DIR        the public data (../shared/data on project machines)
  --write           write the threshold and the calibration report into models/NAME/config.json
  --json OUT        also write the report to OUT
  --max-queries N   per set (default 250)`;

// unanswerable-topical (questions over their own article's paragraphs, half without the answer) joined 2026-12-05:
// the kind of unanswerable query that shares the subject, which another article's page never tests.
const SETS = ["real-pages", "pages-en", "pages-it", "pages-zh", "hotpot", "unanswerable", "unanswerable-topical"] as const;
const BUDGET = 1000;
/** Selection floors tried (the engine's own first). */
const FLOORS = [0.02, 0.01, 0.005, 0.002, 0.001];
/** The most a gating fallback floor may make any answerable validation set's queries keep nothing. */
const MAX_ABSTAINED = 0.05;

export const command = defineCommand({
  name: "calibrate",
  summary: "choose a model's default threshold on the validation split and report its calibration",
  usage,
  options: {
    model: { type: "string" },
    data: { type: "string" },
    write: { type: "boolean" },
    json: { type: "string" },
    "max-queries": { type: "number", integer: true, min: 1, default: 250 },
  },
  async run({ values }) {
    const maxQueries = values["max-queries"];
    if (!values.data) throw new AppError("BAD_REQUEST", "--data is required");
    const { buildDevSets } = await import("../../lib/eval/dev-sets");
    const { runEval } = await import("../../lib/eval/run-eval");
    const { DEFAULT_FLOOR } = await import("../../lib/engine/select-spans");
    const { selectWithProfile } = await import("../../lib/engine/select-with-profile");
    const { evalMethodOf } = await import("../../lib/eval/eval-method-of");
    const { computeQueryMetrics } = await import("../../lib/eval/compute-query-metrics");
    const { summarizeQueryMetrics } = await import("../../lib/eval/summarize-query-metrics");
    const { computeReliability } = await import("../../lib/eval/reliability");
    const { chooseFallbackFloor } = await import("../../lib/eval/choose-fallback-floor");
    const { defaultModelName, listModels } = await import("../../lib/server/model/list-models");
    const { resolveMethod } = await import("../../lib/server/scoring/resolve-method");
    const { formatModelMethod } = await import("../../lib/engine/methods");
    const name = values.model ?? defaultModelName();
    const method = resolveMethod(formatModelMethod(name), await listModels());
    // The settings being chosen start from the engine's: the model's current floors play no part in choosing new ones.
    const { floor: _floor, fallbackFloor: _fallbackFloor, ...uncalibrated } = method.profile.selection;
    const profileWith = (settings: Partial<SelectionStage>): SelectionProfile => ({ ...method.profile, selection: { ...uncalibrated, ...settings } });
    const thresholds = Array.from({ length: 45 }, (_, i) => Math.round((0.02 + i * 0.02) * 100) / 100);
    const sets = await buildDevSets({ dataDir: values.data, split: "val", names: SETS, maxQueries });

    // Score every set once; the sweep re-runs only the selection (cheap) for each threshold and fallback floor.
    const scored: Record<string, Array<{ example: EvalExample; results: readonly PreparedResult[]; unitScores: number[][] }>> = {};
    const unitPairs: Array<[number, boolean]> = [];
    // Per set (page kind): its units' reliability, and how its result sets' best unit scores spread over [0, 1].
    const unitPairsBySet: Record<string, Array<[number, boolean]>> = {};
    const bestScoresBySet: Record<string, number[]> = {};
    for (const set of sets) {
      const setPairs: Array<[number, boolean]> = (unitPairsBySet[set.name] = []);
      const setBest: number[] = (bestScoresBySet[set.name] = []);
      console.error(`${set.name}: ${set.examples.length} queries`);
      const list: (typeof scored)[string] = [];
      await runEval({
        dataset: set.name,
        examples: set.examples,
        methods: [evalMethodOf(method)],
        thresholds: [0.5],
        onScored: ({ example, results, scores }) => {
          list.push({ example, results, unitScores: scores.unitScores });
          results.forEach((r, i) => {
            const ev = example.evidence.filter((e) => e.resultId === r.id);
            r.units.forEach((u, k) => {
              const inside = ev.reduce((n, e) => n + Math.max(0, Math.min(e.end, u.end) - Math.max(e.start, u.start)), 0);
              const pair: [number, boolean] = [scores.unitScores[i]?.[k] ?? 0, inside >= 0.5 * (u.end - u.start)];
              unitPairs.push(pair);
              setPairs.push(pair);
            });
          });
          setBest.push(Math.max(0, ...scores.unitScores.flat()));
        },
      });
      scored[set.name] = list;
    }
    const measure = (setName: string, threshold: number, fallbackFloor: number) => {
      const rows = scored[setName]!.map(({ example, results, unitScores }) =>
        computeQueryMetrics({
          selection: selectWithProfile({ results, unitScores, budget: BUDGET, threshold, profile: profileWith({ fallbackFloor }) }),
          evidence: example.evidence,
        }),
      );
      const row = summarizeQueryMetrics(rows);
      const p = row.keptPrecision;
      const r = row.evidenceCharRecall;
      const answerable = rows.filter((m) => m.evidenceTotal > 0);
      const score = calibrationSetScore(row, calibrationSetKind(setName));
      // Answerable queries that keep nothing: the price of the fallback floor's gate.
      const abstained = answerable.length ? answerable.filter((m) => m.tokensOut === 0).length / answerable.length : 0;
      return { threshold, fallbackFloor, score: round(score), precision: p, recall: r, tokens: row.tokensPerQuery, abstained: round(abstained) };
    };
    const objective = (threshold: number, fallbackFloor: number) => {
      const per = Object.fromEntries(Object.keys(scored).map((k) => [k, measure(k, threshold, fallbackFloor)]));
      const values_ = Object.values(per).map((x) => x.score);
      const maxAbstained = Math.max(0, ...Object.entries(per).flatMap(([k, x]) => (calibrationSetKind(k) === "unanswerable" ? [] : [x.abstained])));
      return { threshold, fallbackFloor, objective: round(values_.reduce((a, b) => a + b, 0) / values_.length), maxAbstained, per };
    };
    // 1. The threshold, with the engine's own fallback floor.
    const sweep = thresholds.map((t) => objective(t, DEFAULT_FLOOR));
    const byThreshold = sweep.reduce((a, b) => (b.objective > a.objective ? b : a));
    // 2. The fallback floor at that threshold. Below the threshold it decides whether the best unit is still worth
    // keeping when nothing passes; above it, it gates the whole set (keep nothing unless the best unit clears it).
    // A floor may make at most MAX_ABSTAINED of any answerable set's queries keep nothing (chooseFallbackFloor).
    const floors = [...new Set([DEFAULT_FLOOR, ...thresholds])];
    const floorSweep = floors.map((f) => objective(byThreshold.threshold, f));
    const best = chooseFallbackFloor(floorSweep, DEFAULT_FLOOR, MAX_ABSTAINED);
    // 3. The selection floor, in budget-only selection on the answerable sets whose dev-set setting is a budget.
    const budgetSets = sets.filter((s) => calibrationSetKind(s.name) !== "unanswerable" && !s.setting.useModelThreshold);
    const floorRecall = (floor: number) => {
      const per = Object.fromEntries(
        budgetSets.map((set) => {
          const rows = scored[set.name]!.map(({ example, results, unitScores }) => {
            const tokensIn = results.reduce((a, r) => a + r.tokensIn, 0);
            const budget = set.setting.budget ?? (set.setting.ratio ?? 1) * tokensIn;
            return computeQueryMetrics({
              selection: selectWithProfile({
                results,
                unitScores,
                budget,
                threshold: 0,
                profile: profileWith({ floor, fallbackFloor: best.fallbackFloor }),
              }),
              evidence: example.evidence,
            });
          });
          const row = summarizeQueryMetrics(rows);
          return [set.name, { recall: round(row.evidenceRecall), tokens: round(row.tokensPerQuery) }];
        }),
      );
      const recalls = Object.values(per).map((x) => x.recall);
      return { floor, objective: round(recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length)), per };
    };
    const floorRecalls = FLOORS.map(floorRecall);
    const bestFloor = floorRecalls.reduce((a, b) => (b.objective > a.objective || (b.objective === a.objective && b.floor > a.floor) ? b : a));
    const perSet = Object.fromEntries(Object.keys(scored).map((k) => [k, thresholds.map((t) => measure(k, t, best.fallbackFloor))]));
    const reliability = computeReliability(unitPairs);
    const quantile = (xs: number[], q: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    };
    const reliabilityBySet = Object.fromEntries(
      Object.entries(unitPairsBySet).map(([k, pairs]) => {
        const best = bestScoresBySet[k] ?? [];
        return [k, { ...computeReliability(pairs), bestUnitScore: { p10: quantile(best, 0.1), p50: quantile(best, 0.5), p90: quantile(best, 0.9) } }];
      }),
    );
    const realPages = perSet["real-pages"] ?? [];
    const report = {
      model: name,
      chosenThreshold: best.threshold,
      chosenFallbackFloor: best.fallbackFloor,
      chosenFloor: bestFloor.floor,
      objective: best.objective,
      criterion: `max over thresholds, then over fallback floors, of the mean over the validation sets ${SETS.join(", ")} of the F1 of kept vs needed characters at a ${BUDGET}-token budget (unanswerable: share of queries keeping nothing); a fallback floor above the threshold gates the result set and may make at most ${MAX_ABSTAINED * 100}% of any answerable set's queries keep nothing`,
      split: "val",
      commit: describeCommit(),
      date: new Date().toISOString(),
      atChosen: best.per,
      realPagesTokensByThreshold: realPages
        .filter((x) => [0.04, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].includes(x.threshold))
        .map((x) => ({ threshold: x.threshold, tokens: x.tokens, precision: x.precision, recall: x.recall })),
      unitReliability: reliability,
      unitReliabilityBySet: reliabilityBySet,
      sweep: sweep.map(({ threshold, objective: o }) => ({ threshold, objective: o })),
      floorSweep: floorSweep.map(({ fallbackFloor, objective: o, maxAbstained }) => ({ fallbackFloor, objective: o, maxAbstained })),
      selectionFloorCriterion: `max over floors ${FLOORS.join(", ")} of the mean evidence recall, in budget-only selection (threshold 0), of ${budgetSets.map((s) => s.name).join(", ")} at their dev-set settings; ties → the larger floor`,
      selectionFloorSweep: floorRecalls,
    };
    console.log(
      `model ${name}: threshold ${best.threshold}, fallback floor ${best.fallbackFloor} (objective ${best.objective}); unit-level ECE ${reliability.ece} over ${reliability.count} units`,
    );
    for (const [k, v] of Object.entries(report.atChosen)) console.log(`  ${k.padEnd(14)} ${JSON.stringify(v)}`);
    console.log(`  selection floor ${bestFloor.floor} (budget-only evidence recall by floor):`);
    for (const x of floorRecalls) console.log(`    ${String(x.floor).padEnd(6)} ${x.objective}  ${JSON.stringify(x.per)}`);
    console.log("  real pages, tokens kept per page by threshold (1,000-token budget):");
    for (const x of report.realPagesTokensByThreshold)
      console.log(`    ${x.threshold.toFixed(2)}  ${x.tokens.toFixed(1)} tokens  precision ${x.precision}  recall ${x.recall}`);
    console.log("  reliability (unit score bin: mean score → share that is evidence, count):");
    for (const b of reliability.bins) console.log(`    ${b.from.toFixed(1)}-${b.to.toFixed(1)}: ${b.meanScore} → ${b.positiveShare} (${b.count})`);
    console.log("  per set (page kind): ECE; best unit score of a result set p10 / p50 / p90; bins as mean score → share that is evidence (count)");
    for (const [k, r] of Object.entries(reliabilityBySet)) {
      const bins = r.bins.filter((b) => b.count > 0).map((b) => `${b.meanScore}→${b.positiveShare} (${b.count})`);
      console.log(
        `    ${k.padEnd(14)} ECE ${r.ece}; best ${r.bestUnitScore.p10} / ${r.bestUnitScore.p50} / ${r.bestUnitScore.p90}; ${bins.join(", ")}`,
      );
    }
    if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    if (values.write) {
      // The chosen settings and the report, as a patch of the profile: the model's token probabilities stay valid.
      const { updateModelProfile } = await import("../../lib/server/model/update-model-profile");
      const { file } = updateModelProfile(name, {
        selection: { threshold: best.threshold, fallbackFloor: best.fallbackFloor, floor: bestFloor.floor },
        calibration: report,
      });
      console.log(`wrote threshold ${best.threshold}, fallback floor ${best.fallbackFloor} and floor ${bestFloor.floor} to ${file}`);
    }
    return 0;
  },
});

const round = (x: number) => Math.round(x * 10_000) / 10_000;
