// Sentence-encoder throughput on this machine: texts/s and ms per 1,000 pieces, embedding pair-sized groups one call
// at a time (as a research view fills one pair after another) and all at once (batched across pairs).
//   node --conditions=react-server --import tsx scripts/bench/encoder-throughput.ts [--dir models/X] [--texts N]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { clearProcessCaches } from "../../lib/server/process-cache";
import { loadSentenceEncoder, sentenceEncoderDir } from "../../lib/server/sentence-encoder/load-sentence-encoder";

const { values } = parseArgs({
  options: {
    dir: { type: "string", multiple: true },
    texts: { type: "string", default: "3000" },
    group: { type: "string", default: "15" },
    data: { type: "string", default: "../shared/data/squad-v1.1-dev.json" },
  },
});
const n = Number(values.texts);
const squad = JSON.parse(readFileSync(values.data, "utf8")) as { data: { paragraphs: { context: string }[] }[] };
const sentences: string[] = [];
for (const a of squad.data) for (const p of a.paragraphs) for (const s of p.context.split(/(?<=[.!?])\s+/)) if (s.length > 3) sentences.push(s);

for (const dir of values.dir ?? [sentenceEncoderDir("sentence-encoder-tuned")]) {
  const enc = await loadSentenceEncoder(dir);
  const pieces = (texts: string[]) => texts.reduce((s, t) => s + Math.min(128, enc.tokenizer.encode(t).length), 0);
  await enc.embed(sentences.slice(-200)); // warm-up
  for (const [mode, offset] of [
    ["per pair", 0],
    ["across pairs", n],
  ] as const) {
    clearProcessCaches(); // nothing from the warm-up or the other mode
    const texts = sentences.slice(offset, offset + n);
    const group = Number(values.group);
    const t0 = performance.now();
    if (mode === "per pair") for (let i = 0; i < texts.length; i += group) await enc.embed(texts.slice(i, i + group));
    else await enc.embed(texts);
    const ms = performance.now() - t0;
    const p = pieces(texts);
    console.log(
      `${dir} ${mode}: ${texts.length} texts (${(p / texts.length).toFixed(1)} pieces avg) in ${ms.toFixed(0)} ms: ${((texts.length * 1000) / ms).toFixed(0)} texts/s, ${((ms * 1000) / p).toFixed(1)} ms per 1,000 pieces`,
    );
  }
}
process.exit(0);
