// Answer-gate probe, second signal (issue 29): is the best cosine more telling once the query's own cosine level is
// taken out? Per validation query (the same sets, sample and "-kw" variants as answer-gate-sweep.ts), dumps every
// passage unit's raw cosine to the query under the tuned encoder, and the query's cosines to a background of
// sentences from the other sets' passages (--background-split train: the training split's passages of
// --background-sets). answer-gate-background-fit.py joins it with answer-gate-sweep.ts --out and chooses the gates.
//   node --conditions=react-server --import tsx experiments/answer-gate-background.ts --data ../shared/data --out F
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DevSetName } from "../lib/eval/dev-sets";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    split: { type: "string", default: "val" },
    "max-queries": { type: "string", default: "200" },
    sets: {
      type: "string",
      default: "unanswerable-search,unanswerable-topical,unanswerable,nq,nq-long,selqa,fairytale,policyqa,squad-en,hotpot-para",
    },
    kw: { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,unanswerable-search" },
    encoder: { type: "string", default: "sentence-encoder-tuned" },
    background: { type: "string", default: "600" },
    /** Draw the background from this split's passages (all of them) instead of the other sets' validation passages. */
    "background-split": { type: "string" },
    "background-sets": { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,hotpot-para" },
    out: { type: "string" },
  },
});
const { buildDevSets } = await import("../lib/eval/dev-sets");
const { prepareEvalResults } = await import("../lib/eval/run-eval");
const { typedAsSearchQuery } = await import("../lib/eval/fit-search-rerank");
const { loadSentenceEncoder, sentenceEncoderDir } = await import("../lib/server/sentence-encoder/load-sentence-encoder");
const { cosine } = await import("../lib/embeddings/cosine");

const encoder = await loadSentenceEncoder(sentenceEncoderDir(values.encoder));
const names = values.sets.split(",") as DevSetName[];
const sets = await buildDevSets({ dataDir: values.data, split: values.split as never, names, maxQueries: Number(values["max-queries"]) });
const kw = new Set(values.kw.split(","));
const clean = (t: string) => t.replace(/\s+/g, " ").trim();

// Background: every k-th unit of every set's passages, labelled by set (a query is compared with other sets' only).
const pool: Array<{ set: string; text: string }> = [];
const bgSplit = values["background-split"];
const bgSets = bgSplit
  ? await buildDevSets({
      dataDir: values.data,
      split: bgSplit as never,
      names: values["background-sets"].split(",") as DevSetName[],
      maxQueries: 2000,
    })
  : sets;
for (const set of bgSets)
  for (const ex of set.examples)
    for (const r of prepareEvalResults(ex)) for (const u of r.units) pool.push({ set: set.name, text: clean(r.doc.text.slice(u.start, u.end)) });
const step = Math.max(1, Math.floor(pool.length / Number(values.background)));
const background = pool.filter((p, i) => i % step === 0 && p.text.length > 20);
const bgVecs = await encoder.embed(background.map((b) => b.text));
console.warn(`background: ${background.length} sentences`);

const dump: Record<string, Array<{ cos: number[][]; bg: number[] }>> = {};
for (const set of sets) {
  for (const variant of kw.has(set.name) ? ["", "-kw"] : [""]) {
    const rows: Array<{ cos: number[][]; bg: number[] }> = [];
    for (const ex0 of set.examples) {
      const ex = variant ? { ...ex0, query: typedAsSearchQuery(ex0.query) } : ex0;
      const results = prepareEvalResults(ex);
      const [q] = await encoder.embed([ex.query]);
      const cos: number[][] = [];
      for (const r of results) {
        const vecs = await encoder.embed(r.units.map((u) => clean(r.doc.text.slice(u.start, u.end)) || "."));
        cos.push(vecs.map((v) => +cosine(q!, v).toFixed(4)));
      }
      const bg = background.flatMap((b, i) => (!bgSplit && b.set === set.name ? [] : [+cosine(q!, bgVecs[i]!).toFixed(4)]));
      rows.push({ cos, bg });
    }
    dump[`${set.name}${variant}`] = rows;
    console.warn(`${set.name}${variant}: ${rows.length}`);
  }
}
if (values.out) writeFileSync(values.out, JSON.stringify(dump));
