// Answer-gate probe (issue 29): would "the passage holds nothing of the type the query asks for" (a "when" query over
// paragraphs without a date; lib/engine/answer-type.ts) tell unanswered queries from answered ones? Per validation
// set: queries, those with an expected type, and those whose results hold no unit of that type, answerable and not.
//   node --conditions=react-server --import tsx experiments/answer-type-presence.ts --data ../shared/data
import { parseArgs } from "node:util";
import { expectedAnswerType, questionWords, textHasAnswerType } from "../lib/engine/answer-type";
import { buildDevSets, type DevSetName } from "../lib/eval/dev-sets";
import { prepareEvalResults } from "../lib/eval/run-eval";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    "max-queries": { type: "string", default: "300" },
    sets: {
      type: "string",
      default: "unanswerable-search,unanswerable-topical,unanswerable,nq,nq-long,selqa,fairytale,policyqa,squad-en,hotpot-para",
    },
  },
});
const names = values.sets.split(",") as DevSetName[];
const sets = await buildDevSets({ dataDir: values.data, split: "val", names, maxQueries: Number(values["max-queries"]) });
console.log("| set | answerable: queries / typed / type missing | unanswerable: queries / typed / type missing |\n|---|---|---|");
for (const set of sets) {
  const count = { answerable: [0, 0, 0], unanswerable: [0, 0, 0] };
  for (const ex of set.examples) {
    const c = ex.evidence.length > 0 ? count.answerable : count.unanswerable;
    c[0]!++;
    const type = expectedAnswerType(ex.query);
    if (!type) continue;
    c[1]!++;
    const words = questionWords(ex.query);
    const held = prepareEvalResults(ex).some((r) => r.units.some((u) => textHasAnswerType(r.doc.text.slice(u.start, u.end), type, words)));
    if (!held) c[2]!++;
  }
  console.log(`| ${set.name} | ${count.answerable.join(" / ")} | ${count.unanswerable.join(" / ")} |`);
}
