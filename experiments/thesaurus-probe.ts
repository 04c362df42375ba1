// Does a thesaurus carry signal beyond exact overlap? Per budgeted set: BM25, BM25 with the query's synonyms as
// weaker terms (a MyThes thesaurus, e.g. Debian's mythes-en-us / mythes-it), the model as served, and the model with
// a synonym bonus on units that hold a synonym of a query word they do not hold itself.
//   node --conditions=react-server --import tsx experiments/thesaurus-probe.ts --data ../shared/data \
//     --thesaurus en=/usr/share/mythes/th_en_US_v2.dat,it=/usr/share/mythes/th_it_IT_v2.dat [--sets squad-en,selqa]
//     [--alphas 0.3,0.6] [--weights 0.1,0.25]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import { buildDevSets } from "../lib/eval/dev-sets";
import { computeQueryMetrics } from "../lib/eval/compute-query-metrics";
import { prepareEvalResults } from "../lib/eval/run-eval";
import { summarizeQueryMetrics } from "../lib/eval/summarize-query-metrics";
import type { QueryMetrics } from "../lib/eval/types";
import { selectionOfChoice } from "../lib/engine/select-spans";
import { BASELINE_PROFILE, chooseWithProfile } from "../lib/engine/select-with-profile";
import { bm25Idf, bm25Score, computeBm25Scores } from "../lib/engine/scorers/bm25";
import { tokenizeTerms, WORD } from "../lib/engine/scorers/tokenize-terms";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "300" },
    sets: { type: "string", default: "squad-en,selqa,nq,nq-long,fairytale,policyqa,claims,squad-it,hotpot" },
    method: { type: "string", default: "model:snippet-lab" },
    thesaurus: { type: "string", default: "en=/usr/share/mythes/th_en_US_v2.dat,it=/usr/share/mythes/th_it_IT_v2.dat" },
    alphas: { type: "string", default: "0.3,0.6,1" },
    weights: { type: "string", default: "0.1,0.25,0.5" },
  },
});

/** word → its plain synonyms (one-word entries; generic, related, similar terms and antonyms left out). */
function readMythes(path: string): Map<string, Set<string>> {
  const lines = readFileSync(path, "utf8").split("\n");
  const out = new Map<string, Set<string>>();
  let i = 1;
  while (i < lines.length) {
    const [word, count] = lines[i]!.split("|");
    const n = Number(count);
    i++;
    if (!word || !Number.isFinite(n)) continue;
    const set = out.get(word.toLowerCase()) ?? new Set<string>();
    for (let k = 0; k < n && i < lines.length; k++, i++) {
      for (const syn of lines[i]!.split("|").slice(1)) {
        if (syn.includes("(") || /\s|-/.test(syn)) continue;
        set.add(syn.toLowerCase());
      }
    }
    if (set.size) out.set(word.toLowerCase(), set);
  }
  return out;
}

const thesauri = new Map(
  values.thesaurus.split(",").map((kv) => {
    const [lang, path] = kv.split("=");
    return [lang!, readMythes(path!)] as const;
  }),
);
const langOf = (set: string) => (set.endsWith("-it") ? "it" : "en");

interface Doc {
  text: string;
  units: ReadonlyArray<{ start: number; end: number }>;
}

/**
 * Per unit, BM25 over synonym groups: group i is every term of query word i's synonyms (not the query's own terms),
 * counted only in units that lack the word itself, IDF per group over all units. Divided by the best unit's.
 */
function synonymScores(query: string, docs: readonly Doc[], thesaurus: Map<string, Set<string>>): number[][] {
  const queryTerms = new Set(tokenizeTerms(query));
  const groups: { own: string; terms: Set<string> }[] = [];
  for (const m of query.toLowerCase().matchAll(WORD)) {
    const own = tokenizeTerms(m[0])[0];
    const syns = thesaurus.get(m[0]);
    if (!own || !syns) continue;
    const terms = new Set<string>();
    for (const s of syns) for (const t of tokenizeTerms(s)) if (!queryTerms.has(t)) terms.add(t);
    if (terms.size) groups.push({ own, terms });
  }
  const unitTerms = docs.flatMap((d) => d.units.map((u) => tokenizeTerms(d.text.slice(u.start, u.end))));
  const tfs = unitTerms.map((terms) => {
    const has = new Set(terms);
    const tf = new Float64Array(groups.length);
    groups.forEach((g, i) => {
      if (has.has(g.own)) return;
      for (const t of terms) if (g.terms.has(t)) tf[i]!++;
    });
    return tf;
  });
  const df = new Float64Array(groups.length);
  for (const tf of tfs) tf.forEach((f, i) => f > 0 && df[i]!++);
  const n = tfs.length;
  const avg = n ? unitTerms.reduce((a, t) => a + t.length, 0) / n : 0;
  const idf = bm25Idf(df, n);
  const raw = tfs.map((tf, j) => bm25Score(tf, unitTerms[j]!.length, avg, idf));
  const max = Math.max(0, ...raw);
  let j = 0;
  return docs.map((d) => d.units.map(() => (max > 0 ? raw[j++]! / max : (j++, 0))));
}

const [model, bm25] = await resolveDevSetMethods(`${values.method},bm25`);
if (!model || !bm25) throw new Error("no methods");
const alphas = values.alphas.split(",").map(Number);
const weights = values.weights.split(",").map(Number);
const built = await buildDevSets({ dataDir: values.data, split: values.split as never, maxQueries: Number(values["max-queries"]) });
const head = [
  "set",
  "queries",
  "with a synonym unit",
  "bm25",
  ...alphas.map((a) => `bm25+syn ${a}`),
  "model",
  ...weights.map((w) => `model×(1+${w}·syn)`),
];
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
const budgeted = built.filter((s) => s.measure !== "pages" && !s.setting.useModelThreshold);
for (const set of budgeted.filter((s) => values.sets.split(",").includes(s.name))) {
  const thesaurus = thesauri.get(langOf(set.name));
  if (!thesaurus) continue;
  const byAnswer = set.measure === "answerKept";
  const runs: QueryMetrics[][] = head.slice(3).map(() => []);
  let touched = 0;
  for (const ex of set.examples) {
    const results = prepareEvalResults(ex);
    const tokensIn = results.reduce((a, r) => a + r.tokensIn, 0);
    const budget = set.setting.ratio !== undefined ? set.setting.ratio * tokensIn : set.setting.budget!;
    const docs = results.map((r) => ({ text: r.doc.text, units: r.units }));
    const syn = synonymScores(ex.query, docs, thesaurus);
    if (syn.some((r) => r.some((s) => s > 0))) touched++;
    const base = computeBm25Scores(ex.query, docs);
    const scorer = await model.createScorer(ex);
    const { unitScores } = await scorer.scoreUnits({ query: ex.query, results, aggregation: "mean" });
    const measure = (scores: number[][], profile = BASELINE_PROFILE) =>
      computeQueryMetrics({
        selection: selectionOfChoice({
          results,
          unitScores: scores,
          budget,
          threshold: 0,
          choice: chooseWithProfile({ results, unitScores: scores, budget, threshold: 0, profile }),
        }),
        evidence: ex.evidence,
        ...(ex.answers ? { answers: ex.answers } : {}),
      });
    const mix = (a: number[][], f: (s: number, y: number) => number) => a.map((r, i) => r.map((s, j) => f(s, syn[i]![j]!)));
    const row = [
      measure(base, bm25.profile ?? BASELINE_PROFILE),
      ...alphas.map((a) =>
        measure(
          mix(base, (s, y) => s + a * y),
          bm25.profile ?? BASELINE_PROFILE,
        ),
      ),
      measure(unitScores, model.profile),
      ...weights.map((w) =>
        measure(
          mix(unitScores, (s, y) => s * (1 + w * y)),
          model.profile,
        ),
      ),
    ];
    row.forEach((m, i) => runs[i]!.push(m));
  }
  const f = (list: QueryMetrics[]) => {
    const summary = summarizeQueryMetrics(list);
    return (byAnswer ? (summary.answerKept ?? 0) : summary.evidenceRecall).toFixed(3);
  };
  console.log(`| ${[set.name, set.examples.length, touched, ...runs.map(f)].join(" | ")} |`);
}
