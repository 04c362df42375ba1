import { AppError } from "../../lib/errors";
import type { EvalExample } from "../../lib/data/types";
import type { PreparedResult, TokenEvidence } from "../../lib/engine/types";
import type { SearchRerank, SelectionProfile } from "../../lib/engine/profile";
import type { DevSet } from "../../lib/eval/dev-sets";
import type { DevSetMethod } from "../../lib/eval/evaluate-dev-set";
import { defineCommand } from "../define-command";

const usage = `snippet-lab fit-search-rerank --model NAME --data DIR [--write]

Fits a model's search-query reranker (lib/engine/search-rerank.ts) on the TRAINING split of the public data and
chooses its weight on the VALIDATION split (the report split is never read). The reranker reads queries typed as
search engines' users type them (in lowercase) over passages of at most 12 units: a softmax over each
passage's units, linear in the model's score and rank, the unit's BM25 and query coverage, its position in its
paragraph, the answer type the query asks for and their interactions, fitted to put the mass on the evidence units
of the training split's search queries (Natural Questions; the Ukrainian inverse-cloze queries). The weight is the
one, of --weights, with the best evidence recall on the validation search queries (nq) such that no other
validation set, its questions typed as search queries ("<set>-kw"), loses more than --max-loss against the model alone.

  --model NAME        model folder under models/ (default: the default model)
  --data DIR          the public data (../shared/data on project machines)
  --train-queries N   per training set (default 1500)
  --max-queries N     per validation set (default 300)
  --weights LIST      weights tried (default 0.3,0.5,0.7,1)
  --max-loss X        the most any search-typed validation set may lose (default 0.03)
  --write             write the reranker into models/NAME/config.json (profile.units.searchRerank)`;

/** Training sets whose search-typed queries the reranker learns from (others hold questions, and add nothing). */
const TRAIN_SETS = ["nq", "uk-ict", "selqa", "fairytale", "policyqa", "squad-en", "cmrc", "drcd"] as const;
/** The validation set of real search queries, whose recall the weight maximises. */
const TARGET = "nq";
/** Validation sets whose questions, typed as search queries, the reranker must not cost much. */
const GUARDED = ["uk-ict", "selqa", "fairytale", "policyqa", "squad-en", "squad-it", "hotpot"] as const;

export const command = defineCommand({
  name: "fit-search-rerank",
  summary: "fit a model's search-query reranker on the training split and choose its weight on validation",
  usage,
  options: {
    model: { type: "string" },
    data: { type: "string" },
    "train-queries": { type: "number", integer: true, min: 1, default: 1500 },
    "max-queries": { type: "number", integer: true, min: 1, default: 300 },
    weights: { type: "string", default: "0.3,0.5,0.7,1" },
    "max-loss": { type: "number", min: 0, default: 0.03 },
    write: { type: "boolean" },
  },
  async run({ values }) {
    const { "max-queries": maxQueries, "train-queries": trainQueries, "max-loss": maxLoss } = values;
    if (!values.data) throw new AppError("BAD_REQUEST", "--data is required");
    const weights = values.weights.split(",").map(Number);
    if (weights.some((w) => !(w > 0 && w <= 1))) throw new AppError("BAD_REQUEST", "--weights must lie in (0, 1]");
    const { buildDevSets } = await import("../../lib/eval/dev-sets");
    const { evaluateDevSet } = await import("../../lib/eval/evaluate-dev-set");
    const { prepareEvalResults } = await import("../../lib/eval/run-eval");
    const { unitScoresOf } = await import("../../lib/engine/select-with-profile");
    const { isSearchQuery, searchRerankFeatures } = await import("../../lib/engine/search-rerank");
    const { blendsSimilarity } = await import("../../lib/engine/blend-similarity");
    const { fitSearchRerank, typedAsSearchQuery } = await import("../../lib/eval/fit-search-rerank");
    const { defaultModelName, listModels } = await import("../../lib/server/model/list-models");
    const { resolveMethod } = await import("../../lib/server/scoring/resolve-method");
    const { formatModelMethod } = await import("../../lib/engine/methods");
    const name = values.model ?? defaultModelName();
    const method = resolveMethod(formatModelMethod(name), await listModels());
    // The model's own scores are the reranker's input: its current reranker plays no part.
    const { searchRerank: _current, ...units } = method.profile.units;
    const base: SelectionProfile = { ...method.profile, units };

    // The model's evidence once per example (by object: SQuAD-it's questions carry SQuAD-en's ids).
    const cache = new WeakMap<EvalExample, TokenEvidence>();
    const scoreOnce = async (ex: EvalExample, results: readonly PreparedResult[]) => {
      const hit = cache.get(ex);
      if (hit) return hit;
      const evidence = await method.score({ query: ex.query, results });
      if ("unitScores" in evidence) throw new AppError("UNPROCESSABLE", `${name} gives no token scores`);
      cache.set(ex, evidence);
      return evidence;
    };

    // Training lists: every search-typed training query's passages with evidence.
    const train = await buildDevSets({
      dataDir: values.data,
      split: "train" as never,
      names: TRAIN_SETS,
      maxQueries: trainQueries,
    });
    const lists: { x: number[][]; y: number[] }[] = [];
    for (const set of train) {
      let used = 0;
      for (const ex of set.examples) {
        if (!isSearchQuery(ex.query)) continue;
        used++;
        const results = prepareEvalResults(ex);
        const scores = unitScoresOf({ evidence: await scoreOnce(ex, results), query: ex.query, results, profile: base });
        results.forEach((r, i) => {
          if (!blendsSimilarity(r.units.length)) return;
          const ev = ex.evidence.filter((e) => e.resultId === r.id);
          const y = r.units.map((u) => (ev.some((e) => e.start < u.end && e.end > u.start) ? 1 : 0));
          lists.push({ x: searchRerankFeatures({ query: ex.query, text: r.doc.text, units: r.units, scores: scores[i]! }), y });
        });
      }
      console.error(`train ${set.name}: ${used} search queries of ${set.examples.length}`);
    }
    const fitted = fitSearchRerank({ lists, weight: 1 });
    console.error(`fitted on ${fitted.lists} passages; coefficients ${fitted.coefficients.map((c) => c.toFixed(3)).join(" ")}`);

    // Validation: the real search queries, and the guarded sets with their questions typed as search queries.
    const val = await buildDevSets({ dataDir: values.data, split: "val", maxQueries });
    const byName = new Map(val.map((s) => [s.name, s]));
    const target = byName.get(TARGET);
    if (!target) throw new AppError("UNPROCESSABLE", `the validation split has no ${TARGET} set (is ${values.data} the shared data?)`);
    const sets: DevSet[] = [
      target,
      ...GUARDED.flatMap((n) => {
        const s = byName.get(n);
        return s ? [{ ...s, name: `${n}-kw`, examples: s.examples.map((e) => ({ ...e, query: typedAsSearchQuery(e.query) })) }] : [];
      }),
    ];
    // Each variant's profile, applied by runEval to the same evidence.
    const variant = (label: string, rerank: SearchRerank | undefined): DevSetMethod => {
      const profile: SelectionProfile = { ...base, units: { ...base.units, ...(rerank ? { searchRerank: rerank } : {}) } };
      return { name: label, profile, threshold: profile.selection.threshold, score: (ex, { results }) => scoreOnce(ex, results) };
    };
    const methods = [variant("model", undefined), ...weights.map((w) => variant(`rerank ${w}`, { ...fitted, weight: w }))];
    const table = new Map<string, number[]>();
    for (const set of sets) {
      const res = await evaluateDevSet(set, methods);
      table.set(
        set.name,
        res.rows.map((r) => r.headline ?? 0),
      );
    }
    console.log(`| set (validation, evidence recall) | ${methods.map((m) => m.name).join(" | ")} |\n|---|${methods.map(() => "---").join("|")}|`);
    for (const [set, row] of table) console.log(`| ${set} | ${row.map((x) => x.toFixed(3)).join(" | ")} |`);
    // The weight: best on the real search queries among those that cost no guarded set more than maxLoss.
    let chosen: number | undefined;
    let bestGain = 0;
    weights.forEach((w, k) => {
      const worst = Math.min(...[...table].filter(([s]) => s !== TARGET).map(([, row]) => row[k + 1]! - row[0]!));
      const gain = table.get(TARGET)![k + 1]! - table.get(TARGET)![0]!;
      if (worst >= -maxLoss && gain > bestGain) [chosen, bestGain] = [w, gain];
    });
    if (chosen === undefined) {
      console.log(`no weight gains on ${TARGET} within a loss of ${maxLoss} elsewhere: nothing to write`);
      return 0;
    }
    console.log(`chosen weight ${chosen} (${TARGET} +${bestGain.toFixed(3)})`);
    if (values.write) {
      const { updateModelProfile } = await import("../../lib/server/model/update-model-profile");
      const { file } = updateModelProfile(name, { units: { searchRerank: { ...fitted, weight: chosen } } });
      console.log(`wrote profile.units.searchRerank (weight ${chosen}) to ${file}`);
    }
    return 0;
  },
});
