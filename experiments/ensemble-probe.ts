// Would a student distilled from an ensemble gain? Scores each validation question with two model methods as served
// and with their mean (the unit scores averaged, the first method's profile and threshold), on the sets asked.
//   node --conditions=react-server --import tsx experiments/ensemble-probe.ts --data ../shared/data \
//     [--methods model:snippet-lab,model:snippet-lab-teacher] [--max-queries 300] [--sets nq,selqa,…] [--weight 0.5]
import { parseArgs } from "node:util";
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import type { EvalExample } from "../lib/data/types";
import type { PreparedResult, Scorer, UnitScores } from "../lib/engine/types";
import { buildDevSets } from "../lib/eval/dev-sets";
import { evaluateDevSet, type DevSetMethod } from "../lib/eval/evaluate-dev-set";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    methods: { type: "string", default: "model:snippet-lab,model:snippet-lab-teacher" },
    "max-queries": { type: "string", default: "300" },
    sets: { type: "string", default: "nq,nq-long,selqa,fairytale,policyqa,squad-en,claims,policyqa-long,fairytale-long,hotpot" },
    weight: { type: "string", default: "0.5" },
  },
});
const [a, b] = await resolveDevSetMethods(values.methods);
if (!a || !b) throw new Error("--methods names two methods");
const w = Number(values.weight);

// Each method scores an example once, whichever of the three rows asks first.
const cache = new Map<string, Promise<UnitScores>>();
function memo(m: DevSetMethod): DevSetMethod {
  return {
    ...m,
    createScorer: async (ex: EvalExample): Promise<Scorer> => {
      const inner = await m.createScorer(ex);
      return {
        name: m.name,
        scoreUnits: (input) => {
          const key = `${m.name}\u0000${ex.id}\u0000${input.query}`;
          if (!cache.has(key)) cache.set(key, inner.scoreUnits(input));
          return cache.get(key)!;
        },
      };
    },
  };
}
const [ma, mb] = [memo(a), memo(b)];
const ensemble: DevSetMethod = {
  ...ma,
  name: `mean(${a.name}, ${b.name}) ${w}`,
  createScorer: async (ex) => {
    const [sa, sb] = await Promise.all([ma.createScorer(ex), mb.createScorer(ex)]);
    return {
      name: "ensemble",
      async scoreUnits(input: { query: string; results: PreparedResult[]; aggregation: "mean" | "max" }) {
        const [x, y] = await Promise.all([sa.scoreUnits(input), sb.scoreUnits(input)]);
        return { unitScores: x.unitScores.map((row, i) => row.map((s, j) => (1 - w) * s + w * (y.unitScores[i]![j] ?? 0))) };
      },
    };
  },
};
const wanted = new Set(values.sets.split(","));
const built = await buildDevSets({ dataDir: values.data, split: "val", maxQueries: Number(values["max-queries"]) });
console.log(`| set | measure | ${a.name} | ${b.name} | ${ensemble.name} |\n|---|---|---|---|---|`);
for (const set of built.filter((s) => wanted.has(s.name))) {
  const res = await evaluateDevSet(set, [ma, mb, ensemble]);
  console.log(`| ${set.name} | ${set.measure} | ${res.rows.map((r) => r.headline?.toFixed(3) ?? "–").join(" | ")} |`);
  cache.clear();
}
