// Answer-gate probe (issue 29, "keep nothing when nothing answers"): for a model whose profile has a sentence-encoder
// passage tier, every validation query is scored once at the model's default threshold (no budget, no gate); then,
// per gate cosine, a query whose every result is a gated passage (best raw cosine under the gate) keeps nothing.
// Prints, per set: answerable queries that would keep nothing and their evidence recall, unanswerable queries that
// would keep nothing. The gate's `scale` is taken as low enough that a gated passage falls under the fallback floor
// (what the served profile checks in eval).
//   node --conditions=react-server --import tsx experiments/answer-gate-sweep.ts --data ../shared/data [--model NAME]
//     [--split val] [--max-queries 300] [--sets nq,selqa,…] [--gates 0.1,0.15,…]
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DevSetName } from "../lib/eval/dev-sets";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    model: { type: "string" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "300" },
    sets: {
      type: "string",
      default: "unanswerable-search,unanswerable-topical,unanswerable,nq,nq-long,selqa,fairytale,policyqa,squad-en,hotpot-para",
    },
    kw: { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,unanswerable-search" },
    gates: { type: "string", default: "0,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5" },
    out: { type: "string" },
  },
});
const { buildDevSets } = await import("../lib/eval/dev-sets");
const { prepareEvalResults } = await import("../lib/eval/run-eval");
const { evalMethodOf } = await import("../lib/eval/eval-method-of");
const { defaultModelName, listModels } = await import("../lib/server/model/list-models");
const { resolveMethod } = await import("../lib/server/scoring/resolve-method");
const { formatModelMethod } = await import("../lib/engine/methods");
const { typedAsSearchQuery } = await import("../lib/eval/fit-search-rerank");
const { selectWithProfile } = await import("../lib/engine/select-with-profile");
const { computeQueryMetrics } = await import("../lib/eval/compute-query-metrics");
const { similarityBlendFor } = await import("../lib/engine/blend-similarity");

const model = resolveMethod(formatModelMethod(values.model ?? defaultModelName()), await listModels());
const method = evalMethodOf(model);
const profile = method.profile!;
if (profile.similarityPassage?.gate) console.warn("the model's profile already gates: its scores are the gated ones");
const gates = values.gates.split(",").map(Number);
const names = values.sets.split(",") as DevSetName[];
const sets = await buildDevSets({ dataDir: values.data, split: values.split as never, names, maxQueries: Number(values["max-queries"]) });
const kw = new Set(values.kw.split(","));

interface Row {
  answerable: boolean;
  recall: number;
  keptNothing: boolean;
  /** The best raw cosine over the set's results, or null when a result is no passage (never gated). */
  best: number | null;
  /** The best unit score (the model's, blended). */
  score: number;
  /** Per paragraph of every result (units split by a newline): its best raw cosine; null for a result that is no passage. */
  paragraphs: Array<number | null>;
}
const dump: Record<string, Row[]> = {};

const header = `| set | queries | ${gates.map((g) => `gate ${g}`).join(" | ")} |`;
console.log(`answerable: kept nothing / recall at the default threshold; unanswerable: kept nothing\n\n${header}`);
console.log(`|---|---|${gates.map(() => "---").join("|")}|`);
for (const set of sets) {
  for (const variant of kw.has(set.name) ? ["", "-kw"] : [""]) {
    const rows: Row[] = [];
    for (const ex0 of set.examples) {
      const ex = variant ? { ...ex0, query: typedAsSearchQuery(ex0.query) } : ex0;
      const results = prepareEvalResults(ex);
      const scorer = await method.createScorer(ex);
      const scored = await scorer.scoreUnits({ query: ex.query, results, aggregation: profile.aggregation });
      const selection = selectWithProfile({ results, unitScores: scored.unitScores, budget: Infinity, profile });
      const m = computeQueryMetrics({ selection, evidence: ex.evidence });
      let best: number | null = -Infinity;
      const paragraphs: Array<number | null> = [];
      results.forEach((r, i) => {
        const how = similarityBlendFor(profile, r.units.length, results.length);
        const sims = scored.similarity?.[i];
        if (!how?.passage || !sims || sims.length !== r.units.length) {
          best = null;
          paragraphs.push(null);
        } else {
          // Per paragraph: its best cosine (answer-gate-paragraphs-fit.py reads the best against the other paragraphs').
          let para = -Infinity;
          r.units.forEach((u, j) => {
            if (j > 0 && r.doc.text.slice(r.units[j - 1]!.end, u.start).includes("\n")) {
              paragraphs.push(para);
              para = -Infinity;
            }
            para = Math.max(para, sims[j]!);
          });
          paragraphs.push(para);
          if (best !== null) best = Math.max(best, ...sims);
        }
      });
      rows.push({
        answerable: ex.evidence.length > 0,
        recall: m.evidenceTotal ? m.evidenceKept / m.evidenceTotal : 0,
        keptNothing: m.tokensOut === 0,
        best,
        score: Math.max(0, ...scored.unitScores.flat()),
        paragraphs,
      });
    }
    dump[`${set.name}${variant}`] = rows;
    const cell = (g: number, answerable: boolean) => {
      const part = rows.filter((r) => r.answerable === answerable);
      if (part.length === 0) return "";
      const gated = (r: Row) => r.keptNothing || (r.best !== null && r.best < g);
      const nothing = part.filter(gated).length / part.length;
      if (!answerable) return `${(100 * nothing).toFixed(1)}%`;
      const recall = part.reduce((a, r) => a + (gated(r) ? 0 : r.recall), 0) / part.length;
      return `${(100 * nothing).toFixed(1)}% / ${recall.toFixed(3)}`;
    };
    for (const answerable of [true, false]) {
      const n = rows.filter((r) => r.answerable === answerable).length;
      if (n)
        console.log(`| ${set.name}${variant}${answerable ? "" : " (unanswerable)"} | ${n} | ${gates.map((g) => cell(g, answerable)).join(" | ")} |`);
    }
  }
}
if (values.out) writeFileSync(values.out, JSON.stringify(dump));
