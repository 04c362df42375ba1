// Search-query answerability gate probe, step 2: per-feature AUC (answerable against unanswerable, training split), a
// logistic gate over them fitted on the training split's unanswerable-search (--nq: with half of nq's one-paragraph
// queries too), and per validation set the share of search-typed queries it would make keep nothing at each
// threshold (U: unanswerable, A: answerable). --cols 0,2,5 picks features. Measured 2026-12-05: MODEL_CARD.md.
//   node --conditions=react-server --import tsx experiments/search-gate-fit.ts /tmp/gate [--nq] [--cols 0,2,5]
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fitLogistic } from "./fit-answer-gate";
import { tokenizeTerms } from "../lib/engine/scorers/tokenize-terms";
import { answerTypeMatches, expectedAnswerType } from "../lib/engine/answer-type";
import { isSearchQuery } from "../lib/engine/search-rerank";

interface Row {
  query: string;
  answerable: boolean;
  results: { text: string; units: { start: number; end: number; block?: number }[]; scores: number[]; title?: string }[];
}
const { values: flags, positionals } = parseArgs({
  options: { nq: { type: "boolean", default: false }, cols: { type: "string" } },
  allowPositionals: true,
});
const dir = positionals[0] ?? "/tmp/gate";
const load = (f: string) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Row[];
const logit = (p: number) => {
  const s = Math.min(Math.max(p, 1e-4), 1 - 1e-4);
  return Math.log(s / (1 - s));
};

function features(row: Row): number[] {
  // The result holding the best unit.
  let r = 0;
  row.results.forEach((x, i) => {
    if (Math.max(0, ...x.scores) > Math.max(0, ...row.results[r]!.scores)) r = i;
  });
  const { text, units, scores } = row.results[r]!;
  const n = units.length;
  let best = 0,
    second = 0,
    bi = 0;
  scores.forEach((s, i) => {
    if (s > best) {
      second = best;
      best = s;
      bi = i;
    } else if (s > second) second = s;
  });
  const q = [...new Set(tokenizeTerms(row.query))];
  const sets = units.map((u) => new Set(tokenizeTerms(text.slice(u.start, u.end))));
  const idf = q.map((t) => {
    const df = sets.filter((s) => s.has(t)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const tot = idf.reduce((a, b) => a + b, 0) || 1;
  const cov = (has: (t: string) => boolean) => q.reduce((a, t, k) => a + (has(t) ? idf[k]! : 0), 0) / tot;
  const covs = sets.map((s) => cov((t) => s.has(t)));
  const missing = q.filter((t) => !sets.some((s) => s.has(t))).length / Math.max(1, q.length);
  // Pairs of adjacent units (the answer often spans a sentence and its neighbour).
  const pair = sets.map((s, i) => cov((t) => s.has(t) || (sets[i + 1]?.has(t) ?? false)));
  const type = expectedAnswerType(row.query);
  const tm = answerTypeMatches(row.query, text, units);
  const meanScore = scores.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const above = scores.filter((s) => s > 0.5).length / Math.max(1, n);
  return [
    logit(best),
    logit(second),
    Math.max(0, ...covs),
    covs[bi] ?? 0,
    cov((t) => sets.some((s) => s.has(t))),
    missing,
    Math.max(0, ...pair),
    type && tm ? tm[bi]! : 0,
    type && tm ? (tm.some((x) => x > 0) ? 0 : 1) : 0,
    Math.log(1 + q.length),
    logit(meanScore),
    above,
  ];
}
const NAMES = ["best", "second", "maxCov", "bestCov", "resCov", "missing", "pairCov", "typeBest", "typeNone", "qLen", "mean", "above.5"];

function auc(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return s / (pos.length * neg.length || 1);
}

const train = [...load("train-unanswerable-search.json"), ...(flags.nq ? load("train-nq.json").filter((_, i) => i % 2 === 0) : [])].filter((r) =>
  isSearchQuery(r.query),
);
const X = train.map((r) => ({ features: features(r), answerable: r.answerable }));
console.log(`train ${X.length} (${X.filter((x) => x.answerable).length} answerable)`);
for (let j = 0; j < NAMES.length; j++)
  console.log(
    `  ${NAMES[j]} AUC ${auc(
      X.filter((x) => x.answerable).map((x) => x.features[j]!),
      X.filter((x) => !x.answerable).map((x) => x.features[j]!),
    ).toFixed(3)}`,
  );
const cols = (flags.cols ?? NAMES.map((_, j) => j).join(",")).split(",").map(Number);
const pick = (f: number[]) => cols.map((j) => f[j]!);
const mean = cols.map((_, k) => X.reduce((a, x) => a + pick(x.features)[k]!, 0) / X.length);
const sd = cols.map((_, k) => Math.sqrt(X.reduce((a, x) => a + (pick(x.features)[k]! - mean[k]!) ** 2, 0) / X.length) || 1);
const z = (f: number[]) => pick(f).map((v, k) => (v - mean[k]!) / sd[k]!);
const fit = fitLogistic(X.map((x) => ({ features: z(x.features), answerable: x.answerable })));
console.log(`weights ${cols.map((j, k) => `${NAMES[j]} ${fit.weights[k]}`).join(", ")}; bias ${fit.bias}`);
const prob = (f: number[]) => 1 / (1 + Math.exp(-(fit.bias + z(f).reduce((a, v, k) => a + v * fit.weights[k]!, 0))));

const val = readdirSync(dir)
  .filter((f) => f.startsWith("val-"))
  .map((f) => ({ name: f.slice(4, -5), rows: load(f).filter((r) => isSearchQuery(r.query)) }))
  .filter((s) => s.rows.length > 0);
const ps = val.map((s) => ({ name: s.name, rows: s.rows.map((r) => ({ p: prob(features(r)), best: features(r)[0]!, a: r.answerable })) }));
console.log(
  `val AUC unanswerable-search ${auc(
    ps
      .find((s) => s.name === "unanswerable-search")!
      .rows.filter((r) => r.a)
      .map((r) => r.p),
    ps
      .find((s) => s.name === "unanswerable-search")!
      .rows.filter((r) => !r.a)
      .map((r) => r.p),
  ).toFixed(3)}; best score alone ${auc(
    ps
      .find((s) => s.name === "unanswerable-search")!
      .rows.filter((r) => r.a)
      .map((r) => r.best),
    ps
      .find((s) => s.name === "unanswerable-search")!
      .rows.filter((r) => !r.a)
      .map((r) => r.best),
  ).toFixed(3)}`,
);
for (const t of [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]) {
  const cells = ps.map((s) => {
    const an = s.rows.filter((r) => r.a);
    const un = s.rows.filter((r) => !r.a);
    const g = (xs: typeof an) => (xs.length ? (xs.filter((r) => r.p < t).length / xs.length).toFixed(3) : "");
    return `${s.name}${un.length ? ` U${g(un)}` : ""}${an.length ? ` A${g(an)}` : ""}`;
  });
  console.log(`t=${t}: ${cells.join(" | ")}`);
}
