// Search-query answerability gate probe, step 1 (issue 29, "keep nothing when nothing answers"): the served model's
// unit scores of the sets the gate is fitted on (training split: unanswerable-search, nq-long, nq) and measured on
// (validation split: the same and every guard set, also typed in lowercase, "-kw"), cached as JSON for step 2
// (search-gate-fit.ts), so features can be tried without scoring again.
//   node --conditions=react-server --import tsx experiments/search-gate-cache.ts --data ../shared/data --out /tmp/gate [--model NAME]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { DevSetName } from "../lib/eval/dev-sets";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    out: { type: "string", default: "/tmp/gate" },
    model: { type: "string" },
    "train-queries": { type: "string", default: "1500" },
    "max-queries": { type: "string", default: "300" },
  },
});
const { buildDevSets } = await import("../lib/eval/dev-sets");
const { prepareEvalResults } = await import("../lib/eval/run-eval");
const { evalMethodOf } = await import("../lib/eval/eval-method-of");
const { defaultModelName, listModels } = await import("../lib/server/model/list-models");
const { resolveMethod } = await import("../lib/server/scoring/resolve-method");
const { formatModelMethod } = await import("../lib/engine/methods");
const { typedAsSearchQuery } = await import("../lib/eval/fit-search-rerank");
const model = resolveMethod(formatModelMethod(values.model ?? defaultModelName()), await listModels());
const method = evalMethodOf(model);
mkdirSync(values.out, { recursive: true });

async function dump(split: "train" | "val", names: DevSetName[], max: number, kw: string[]) {
  const sets = (await buildDevSets({ dataDir: values.data, split: split as never, maxQueries: max })).filter((s) =>
    names.includes(s.name as DevSetName),
  );
  for (const set of sets) {
    for (const variant of kw.includes(set.name) ? ["", "-kw"] : [""]) {
      const rows = [];
      for (const ex0 of set.examples) {
        const ex = variant ? { ...ex0, query: typedAsSearchQuery(ex0.query) } : ex0;
        const results = prepareEvalResults(ex);
        const scorer = await method.createScorer(ex);
        const { unitScores } = await scorer.scoreUnits({ query: ex.query, results, aggregation: method.profile?.aggregation ?? "mean" });
        rows.push({
          query: ex.query,
          answerable: ex.evidence.length > 0,
          results: results.map((r, i) => ({
            text: r.doc.text,
            units: r.units.map((u) => ({ start: u.start, end: u.end, block: u.block })),
            scores: unitScores[i],
            title: r.title,
          })),
        });
      }
      const file = path.join(values.out, `${split}-${set.name}${variant}.json`);
      writeFileSync(file, JSON.stringify(rows));
      console.log(`${file}: ${rows.length}`);
    }
  }
}

await dump("train", ["unanswerable-search", "nq-long", "nq"], Number(values["train-queries"]), []);
await dump(
  "val",
  ["unanswerable-search", "nq-long", "nq", "real-pages", "unanswerable-topical", "selqa", "fairytale", "squad-en", "squad-it", "policyqa", "hotpot"],
  Number(values["max-queries"]),
  ["unanswerable-topical", "selqa", "fairytale", "squad-en", "squad-it", "policyqa", "hotpot", "real-pages"],
);
