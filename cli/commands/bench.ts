import { writeFileSync } from "node:fs";
import { AppError } from "../../lib/errors";
import { percentile } from "../../lib/eval/percentile";
import { loadModel, type LoadedModel } from "../../lib/server/model/load-model";
import { computeEncoderSimilarity, type UnitContext } from "../../lib/server/sentence-encoder/compute-encoder-similarity";
import { loadSentenceEncoder, sentenceEncoderDir } from "../../lib/server/sentence-encoder/load-sentence-encoder";
import { runBatch, type WindowInput } from "../../lib/server/model/window-batcher";
import { defineCommand } from "../define-command";

const usage = `snippet-lab bench [--model NAME] [--json OUT] [--runs N] [--threads N] [--provider cpu|cuda]

Latency of one window (default 512 tokens) at batch 1 and batch 8, throughput and peak memory.
Prints a table; with --json writes {"model", "batch1": {"p50Ms","p99Ms"}, "batch8": {"p50Ms","p99Ms"}, "windowsPerSec", "peakRssMb"}
and, for a model that blends the sentence encoder (similaritySource), "encoder": {"p50Ms","p99Ms","unitsPerSec"}: the
encoder's time for one query and a passage of 12 sentences (texts never seen before, so nothing comes from its cache), read as served.

  --model NAME     model folder under models/ (default: the default model)
  --runs N         timed runs at batch 1, at least 10 (default 200; batch 8 runs N/4)
  --window N       tokens per window (default: the model's window)
  --threads N      onnxruntime intra-op threads (default: all cores)
  --provider P     cpu (default) or cuda`;

/**
 * A realistic window: [CLS] query [SEP] context [SEP] with ids from the model's vocabulary, query-match types
 * and, for feature models, valid feature values (the cost of a window does not depend on which ones).
 */
function makeWindow(model: LoadedModel, length: number, seed: number): WindowInput {
  const { cls, sep } = model.tokenizer.special;
  const vocab = model.tokenizer.vocabSize;
  const sizes = model.config.reader.features?.sizes;
  const inputIds = [cls];
  const typeIds = [0];
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) >>> 0);
  const word = () => 1000 + (next() % Math.max(1, vocab - 1000));
  for (let i = 0; i < 12; i++) {
    inputIds.push(word());
    typeIds.push(0);
  }
  inputIds.push(sep);
  typeIds.push(0);
  while (inputIds.length < length - 1) {
    inputIds.push(word());
    typeIds.push(next() % 10 === 0 ? 2 : 1);
  }
  inputIds.push(sep);
  typeIds.push(1);
  const window: WindowInput = { inputIds, typeIds };
  if (sizes) {
    const features = new Uint8Array(inputIds.length * sizes.length);
    for (let t = 14; t < inputIds.length - 1; t++) sizes.forEach((n, f) => (features[t * sizes.length + f] = 1 + (next() % (n - 1))));
    window.features = features;
  }
  return window;
}

export const command = defineCommand({
  name: "bench",
  summary: "latency (p50/p99 per window at batch 1 and 8), windows/s and peak memory of a model",
  usage,
  options: {
    model: { type: "string" },
    json: { type: "string" },
    runs: { type: "number", integer: true, min: 10, default: 200 },
    window: { type: "number", integer: true, min: 2 },
    threads: { type: "number", integer: true, min: 1 },
    provider: { type: "choice", choices: ["cpu", "cuda"], default: "cpu" },
  },
  async run({ values }) {
    const { runs, threads, window } = values;
    // One session with every core (or --threads), whatever layout the server uses (loadModel's sessionLayout).
    const model = await loadModel({ sessions: 1, name: values.model, provider: values.provider, intraOpNumThreads: threads });
    if (window !== undefined && window > model.config.reader.window) {
      throw new AppError("BAD_REQUEST", `--window takes at most the model's window, ${model.config.reader.window} tokens (got ${window})`);
    }
    const length = window ?? model.config.reader.window;
    const time = async (batch: WindowInput[]) => {
      const t = performance.now();
      await runBatch(model, batch);
      return performance.now() - t;
    };
    const one = [makeWindow(model, length, 1)];
    const eight = Array.from({ length: 8 }, (_, i) => makeWindow(model, length, i + 1));
    for (let i = 0; i < 10; i++) await time(one); // warm-up: first runs allocate and tune kernels
    const b1: number[] = [];
    for (let i = 0; i < runs; i++) b1.push(await time(one));
    for (let i = 0; i < 3; i++) await time(eight);
    const b8: number[] = [];
    for (let i = 0; i < Math.max(5, Math.floor(runs / 4)); i++) b8.push(await time(eight));
    const similarity = model.config.profile.similarity;
    const encoder =
      similarity?.weight && similarity.source === "sentence-encoder"
        ? await benchEncoder(runs, similarity.passage?.encoder, similarity.passage)
        : undefined;
    const result = {
      model: model.name,
      batch1: { p50Ms: round(percentile(b1, 50)), p99Ms: round(percentile(b1, 99)) },
      batch8: { p50Ms: round(percentile(b8, 50)), p99Ms: round(percentile(b8, 99)) },
      windowsPerSec: round((8 * 1000) / percentile(b8, 50)),
      ...(encoder ? { encoder } : {}),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    console.log(`model ${result.model} (${model.provider}, window ${length} tokens, ${runs} runs at batch 1)`);
    console.log(`  batch 1: p50 ${result.batch1.p50Ms} ms  p99 ${result.batch1.p99Ms} ms per window`);
    console.log(`  batch 8: p50 ${result.batch8.p50Ms} ms  p99 ${result.batch8.p99Ms} ms per batch`);
    if (encoder)
      console.log(
        `  sentence encoder: p50 ${encoder.p50Ms} ms  p99 ${encoder.p99Ms} ms per query and 12-sentence passage (${encoder.unitsPerSec} sentences/s)`,
      );
    console.log(`  ${result.windowsPerSec} windows/s at batch 8; peak RSS ${result.peakRssMb} MB`);
    if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2) + "\n");
    return 0;
  },
});

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * The sentence encoder's time for a query and a 12-sentence passage (one paragraph) of about 25 words a sentence,
 * as served: through `computeEncoderSimilarity`, reading each sentence with the one before it where the tier's
 * `context` says so (then up to 23 texts, not 12).
 */
async function benchEncoder(runs: number, name: string | undefined, tier: UnitContext | undefined) {
  const encoder = await loadSentenceEncoder(sentenceEncoderDir(name));
  const words = "the river bridge was completed in years after its design by engineers who studied older spans across europe".split(" ");
  // Texts made unique per run (the encoder keeps recent texts' vectors).
  const passage = (run: number) => {
    const sentences = Array.from(
      { length: 12 },
      (_, u) => Array.from({ length: 25 }, (_, w) => words[(run * 7 + u * 5 + w * 3) % words.length]).join(" ") + ` ${run}.${u}.`,
    );
    let start = 0;
    const units = sentences.map((t) => ({ start, end: (start += t.length + 1) - 1 }));
    return { query: `when was the bridge completed ${run}`, results: [{ doc: { text: sentences.join(" ") }, units }] };
  };
  const embed = (run: number) =>
    computeEncoderSimilarity({ encoder, ...passage(run), blends: () => true, ...(tier?.context ? { contextOf: () => tier } : {}) });
  for (let i = 0; i < 5; i++) await embed(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await embed(i);
    times.push(performance.now() - t);
  }
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), unitsPerSec: round((12 * 1000) / percentile(times, 50)) };
}
