// Claims probe (issue 29): the `claims` dev set by part — its SQuAD-en and Natural Questions claims, with the right
// answer (supported) or a wrong one (refuted) — on the same queries as eval-all (every set is built, then filtered).
//   node --conditions=react-server --import tsx experiments/claims-parts.ts --data ../shared/data \
//     --split val --max-queries 300 --methods model:snippet-lab,bm25,lead,oracle
import { parseArgs } from "node:util";
import { evaluateDevSet } from "../lib/eval/evaluate-dev-set";
import { loadProbeSets, probeOptions } from "./probe-sets";

const { values } = parseArgs({ options: { ...probeOptions } });
const { methods, sets: all } = await loadProbeSets(values);
const claims = all.find((s) => s.name === "claims")!;
// Natural Questions ids are numbers; SQuAD's are hex strings.
const fromNq = (id: string) => /^\d+:/.test(id);
const parts: Array<[string, (id: string) => boolean]> = [
  ["all", () => true],
  ["SQuAD-en, supported", (id) => !fromNq(id) && id.endsWith(":claim-supported")],
  ["SQuAD-en, refuted", (id) => !fromNq(id) && id.endsWith(":claim-refuted")],
  ["Natural Questions, supported", (id) => fromNq(id) && id.endsWith(":claim-supported")],
  ["Natural Questions, refuted", (id) => fromNq(id) && id.endsWith(":claim-refuted")],
];
console.log(`| claims (${values.split}), recall at 40% | queries | ${methods.map((m) => m.name).join(" | ")} |`);
console.log(`|---|---|${methods.map(() => "---").join("|")}|`);
for (const [name, keep] of parts) {
  const examples = claims.examples.filter((e) => keep(e.id));
  const r = await evaluateDevSet({ ...claims, examples }, methods);
  console.log(`| ${name} | ${examples.length} | ${r.rows.map((row) => row.headline?.toFixed(3) ?? "–").join(" | ")} |`);
}
