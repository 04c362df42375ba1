// How much of a SQuAD-layout file's Chinese text a model's vocabulary reads as [UNK], as served and with
// tokenizer.traditionalAsSimplified (models/snippet-lab/MODEL_CARD.md, "Traditional Chinese characters").
//   node --conditions=react-server --import tsx experiments/unknown-characters.ts FILE [--model NAME]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { WordPieceTokenizer } from "../lib/tokenizer/wordpiece";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: "string", default: "snippet-lab" } } });
const file = positionals[0];
if (!file) throw new Error("usage: unknown-characters.ts FILE [--model NAME]");
const vocab = readFileSync(path.join("models", values.model, "vocab.txt"), "utf8");
const squad = JSON.parse(readFileSync(file, "utf8")) as { data: Array<{ paragraphs: Array<{ context: string }> }> };
const text = squad.data.flatMap((a) => a.paragraphs.map((p) => p.context)).join("\n");
const HAN = /\p{Script=Han}/u;
for (const traditionalAsSimplified of [false, true]) {
  const tok = WordPieceTokenizer.fromVocabText(vocab, { stripAccents: false, spelledWordsAsUnknown: true, traditionalAsSimplified });
  const enc = tok.encode(text);
  let han = 0;
  let unknown = 0;
  enc.ids.forEach((id, i) => {
    if (!HAN.test(text.slice(enc.starts[i], enc.ends[i]))) return;
    han++;
    if (id === tok.special.unk) unknown++;
  });
  console.log(
    `${path.basename(file)} traditionalAsSimplified=${traditionalAsSimplified}: ${han} Han tokens, ${unknown} [UNK] (${((100 * unknown) / han).toFixed(1)}%)`,
  );
}
