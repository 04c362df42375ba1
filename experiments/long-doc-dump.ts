// Dumps, per question of the single-long-document sets, what the document tier's blend reads: the model's own unit
// scores (a copy of the model whose similarityDocument weight is 0), the served scores and the encoder's raw cosines,
// each unit's tokens and whether it holds the answer, so a blend rule can be simulated offline before it is served.
//   node --conditions=react-server --import tsx experiments/long-doc-dump.ts --data ../shared/data \
//     --alone model:<copy with similarityDocument.weight 0> [--split val] [--max-queries 300] [--out FILE]
import { writeFileSync } from "node:fs";
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
    sets: { type: "string", default: "squad-en-long,policyqa-long,fairytale-long" },
    method: { type: "string", default: "model:snippet-lab" },
    alone: { type: "string" },
    out: { type: "string", default: "long-doc-dump.json" },
  },
});
const [served] = await resolveDevSetMethods(values.method);
const [alone] = await resolveDevSetMethods(values.alone ?? "");
if (!served || !alone) throw new Error("--method and --alone name model methods");
const built = await buildDevSets({ dataDir: values.data, split: values.split as never, maxQueries: Number(values["max-queries"]) });
const rows: unknown[] = [];
for (const set of built.filter((s) => values.sets.split(",").includes(s.name))) {
  for (const ex of set.examples) {
    const results = prepareEvalResults(ex);
    if (results.length !== 1) continue;
    const r = results[0]!;
    const a = await (await served.createScorer(ex)).scoreUnits({ query: ex.query, results, aggregation: "mean" });
    const b = await (await alone.createScorer(ex)).scoreUnits({ query: ex.query, results, aggregation: "mean" });
    const golds = (ex.answers ?? []).map(normalizeAnswer).filter(Boolean);
    rows.push({
      set: set.name,
      query: ex.query,
      served: a.unitScores[0],
      model: b.unitScores[0],
      cosine: a.similarity?.[0] ?? null,
      tokens: r.unitTokens,
      texts: r.units.map((u) => r.doc.text.slice(u.start, u.end)),
      holds: r.units.map((u) => golds.some((g) => normalizeAnswer(r.doc.text.slice(u.start, u.end)).includes(g))),
    });
  }
  console.error(set.name, set.examples.length);
}
writeFileSync(values.out, JSON.stringify(rows));
