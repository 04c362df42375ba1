// Where the answer's unit ranks inside single long documents (policyqa-long, fairytale-long, squad-en-long), under a
// method's unit scores as served: the share of questions whose answer no single unit holds, whose best-scored unit
// holds it, whose answer unit is among the first 3 / 10, and whose answer unit fits 200 tokens when units are taken
// in score order (an upper bound on a budget's packing, which may skip a long unit for a shorter one).
//   node --conditions=react-server --import tsx experiments/long-doc-ranks.ts --data ../shared/data \
//     [--split val] [--max-queries 300] [--sets policyqa-long,fairytale-long] [--method model:snippet-lab]
import { parseArgs } from "node:util";
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import { buildDevSets } from "../lib/eval/dev-sets";
import { normalizeAnswer } from "../lib/eval/normalize-answer";
import { prepareEvalResults } from "../lib/eval/run-eval";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "300" },
    sets: { type: "string", default: "policyqa-long,fairytale-long" },
    method: { type: "string", default: "model:snippet-lab" },
  },
});
const [method] = await resolveDevSetMethods(values.method);
if (!method) throw new Error(`no method ${values.method}`);
// Every set is built and the asked ones kept, as eval-all does (the sets share one sampling stream).
const built = await buildDevSets({ dataDir: values.data, split: values.split as never, maxQueries: Number(values["max-queries"]) });
console.log("| set | queries | no unit holds the answer | first | top 3 | top 10 | fits 200 tokens in score order |\n|---|---|---|---|---|---|---|");
for (const set of built.filter((s) => values.sets.split(",").includes(s.name))) {
  const ranks: Array<{ rank: number; tokens: number }> = [];
  for (const ex of set.examples) {
    const results = prepareEvalResults(ex);
    const r = results[0]!;
    const scorer = await method.createScorer(ex);
    const { unitScores } = await scorer.scoreUnits({ query: ex.query, results, aggregation: "mean" });
    const s = unitScores[0]!;
    const golds = (ex.answers ?? []).map(normalizeAnswer).filter(Boolean);
    const holds = r.units.map((u) => golds.some((g) => normalizeAnswer(r.doc.text.slice(u.start, u.end)).includes(g)));
    const order = s.map((_, i) => i).sort((a, b) => s[b]! - s[a]! || a - b);
    let tokens = 0;
    let rank = -1;
    for (let k = 0; k < order.length; k++) {
      tokens += r.unitTokens[order[k]!]!;
      if (holds[order[k]!]) {
        rank = k;
        break;
      }
    }
    ranks.push({ rank, tokens });
  }
  const share = (f: (x: (typeof ranks)[number]) => boolean) => (ranks.filter(f).length / Math.max(1, ranks.length)).toFixed(3);
  const found = (x: (typeof ranks)[number]) => x.rank >= 0;
  console.log(
    `| ${set.name} | ${ranks.length} | ${share((x) => !found(x))} | ${share((x) => x.rank === 0)} | ${share((x) => found(x) && x.rank < 3)} | ${share((x) => found(x) && x.rank < 10)} | ${share((x) => found(x) && x.tokens <= 200)} |`,
  );
}
