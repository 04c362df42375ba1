// Short-summary probe (issue 29): the `nq` dev set split by whether its paragraph opens a Wikipedia article (its first
// sentence names the article's title, as a lead section's does: "Webbed toes is the common name for …") — the
// held-out "short Wikipedia summaries, real queries" kind — scored at 20% and 40% of tokens on eval-all's queries.
//   node --conditions=react-server --import tsx experiments/nq-summary-parts.ts --data ../shared/data \
//     --split val --max-queries 300 --methods model:snippet-lab,bm25,lead,oracle
import { parseArgs } from "node:util";
import { evaluateDevSet } from "../lib/eval/evaluate-dev-set";
import { loadProbeSets, probeOptions } from "./probe-sets";
import type { EvalExample } from "../lib/data/types";

const { values } = parseArgs({ options: { ...probeOptions, ratios: { type: "string", default: "0.2,0.4" } } });
const { methods, sets: all } = await loadProbeSets(values);
const nq = all.find((s) => s.name === "nq")!;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
/** The paragraph's first sentence holds the title (parenthetical dropped) in its first 80 characters. */
function opensArticle(e: EvalExample): boolean {
  const r = e.results[0]!;
  const title = norm((r.title ?? "").replace(/\(.*?\)/g, ""));
  const text = norm(r.doc?.text ?? r.text ?? "");
  if (!title) return false;
  const head = text.slice(0, 80 + title.length);
  return head.includes(title) && /\b(is|was|are|were|refers)\b/.test(text.slice(0, 200));
}
const parts: Array<[string, (e: EvalExample) => boolean]> = [
  ["all", () => true],
  ["opens its article", opensArticle],
  ["other paragraphs", (e) => !opensArticle(e)],
];
for (const ratio of values.ratios.split(",").map(Number)) {
  console.log(`\n| nq (${values.split}), recall at ${Math.round(ratio * 100)}% | queries | ${methods.map((m) => m.name).join(" | ")} |`);
  console.log(`|---|---|${methods.map(() => "---").join("|")}|`);
  for (const [name, keep] of parts) {
    const examples = nq.examples.filter(keep);
    const r = await evaluateDevSet({ ...nq, examples, setting: { ...nq.setting, ratio } }, methods);
    console.log(`| ${name} | ${examples.length} | ${r.rows.map((row) => row.headline?.toFixed(3) ?? "–").join(" | ")} |`);
  }
}
