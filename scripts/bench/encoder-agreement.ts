// How closely two sentence encoders agree (e.g. models/training/quantize_encoder_activations.py's output against its
// source): the cosine between their vectors of the same texts, and how often both put the same sentence of a SQuAD
// paragraph nearest its question.
//   node --conditions=react-server --import tsx scripts/bench/encoder-agreement.ts --a DIR --b DIR [--questions N]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { cosine } from "../../lib/embeddings/cosine";
import { loadSentenceEncoder } from "../../lib/server/sentence-encoder/load-sentence-encoder";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    questions: { type: "string", default: "250" },
    data: { type: "string", default: "../shared/data/squad-v1.1-dev.json" },
  },
});
if (!values.a || !values.b) throw new Error("--a DIR and --b DIR are required");
type Squad = { data: { paragraphs: { context: string; qas: { question: string }[] }[] }[] };
const squad = JSON.parse(readFileSync(values.data, "utf8")) as Squad;
const [a, b] = await Promise.all([loadSentenceEncoder(values.a), loadSentenceEncoder(values.b)]);
const limit = Number(values.questions);
let questions = 0;
let agree = 0;
let cosSum = 0;
let cosMin = 1;
let texts = 0;
const nearest = (v: Float32Array[]) => v.slice(1).reduce((best, u, i) => (cosine(v[0]!, u) > cosine(v[0]!, v[best + 1]!) ? i : best), 0);
outer: for (const article of squad.data)
  for (const p of article.paragraphs.slice(0, 3)) {
    const sentences = p.context.split(/(?<=[.!?])\s+/);
    if (sentences.length < 3) continue;
    for (const q of p.qas.slice(0, 2)) {
      const batch = [q.question, ...sentences];
      const [va, vb] = [await a.embed(batch), await b.embed(batch)];
      va.forEach((v, i) => {
        const c = cosine(v, vb[i]!);
        cosSum += c;
        cosMin = Math.min(cosMin, c);
        texts++;
      });
      questions++;
      if (nearest(va) === nearest(vb)) agree++;
      if (questions >= limit) break outer;
    }
  }
console.log(
  `${questions} questions, ${texts} texts: nearest sentence the same ${((100 * agree) / questions).toFixed(1)}%, cosine mean ${(cosSum / texts).toFixed(5)} min ${cosMin.toFixed(5)}`,
);
process.exit(0);
