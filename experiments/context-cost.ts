// What a similarity tier's `context` costs: the sentence encoder's time on one document, each sentence read alone
// and read also with the sentence before it (`max`), for every sentence or only those referring back, as served
// (computeEncoderSimilarity; texts made unique per reading and run, so nothing comes from the encoder's cache).
//   node --conditions=react-server --import tsx experiments/context-cost.ts FILE "QUERY" [--runs 5]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { percentile } from "../lib/eval/percentile";
import { prepareResult } from "../lib/engine/prepare-result";
import { computeEncoderSimilarity } from "../lib/server/sentence-encoder/compute-encoder-similarity";
import { refersBack } from "../lib/sentence-encoder/refers-back";
import { loadSentenceEncoder, sentenceEncoderDir } from "../lib/server/sentence-encoder/load-sentence-encoder";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: "string", default: "5" } } });
const [file, query] = positionals;
if (!file || !query) throw new Error("usage: context-cost.ts FILE QUERY [--runs N]");
const encoder = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"));
const runs = Number(values.runs);
const readings = [
  ["alone", undefined],
  ["max", { context: "max" }],
  ["max referring", { context: "max", contextUnits: "referring" }],
] as const;
for (const [k, [name, reading]] of readings.entries()) {
  const times: number[] = [];
  let units = 0;
  let referring = 0;
  for (let run = -1; run < runs; run++) {
    // A reading's and run's number in every sentence keeps each run's texts new to the encoder's cache.
    const result = prepareResult({ id: "doc", text: readFileSync(file, "utf8").replace(/\. /g, ` r${k}x${run}. `) });
    units = result.units.length;
    referring = result.units.filter((u) => refersBack(result.doc.text.slice(u.start, u.end))).length;
    const t = performance.now();
    await computeEncoderSimilarity({ encoder, query, results: [result], blends: () => true, ...(reading ? { contextOf: () => reading } : {}) });
    if (run >= 0) times.push(performance.now() - t);
  }
  console.log(`${name}: ${units} units (${referring} referring back), p50 ${percentile(times, 50).toFixed(0)} ms over ${runs} runs`);
}
